import { cn } from "@/lib/utils";

type CountryFlagProps = {
  /** ISO 3166-1 alpha-2 code, any case ("FR", "fr"). Anything else renders nothing. */
  code: string;
  className?: string;
};

/**
 * A country's flag, served by app/flags/[code]/route.ts. Decorative (alt=""): the country's name is
 * always shown beside it.
 */
export function CountryFlag({ code, className }: CountryFlagProps) {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  return (
    // next/image would only add a wrapper: the SVGs are tiny and cached as immutable.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={`/flags/${code.toLowerCase()}.svg`}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className={cn("flag", className)}
    />
  );
}
