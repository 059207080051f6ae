import type { LucideIcon } from "lucide-react";

// A list that repeats the same icons on every row (twenty result cards) defines each one once and
// refers to it: a <use> is about 80 bytes of HTML, a whole lucide SVG 450 to 600. One sprite per
// page: its ids are document-wide.

/** The icons, each as a <symbol> with its id, in an SVG that takes no room. */
export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons, decorative, sized by `className`. */
export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
