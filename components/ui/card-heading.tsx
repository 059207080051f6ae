import type { LucideIcon } from "lucide-react";
import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A card's header: an h2 with its icon, and a sentence under it when there is one. */
export function CardHeading({
  icon: Icon,
  title,
  description,
  danger = false,
}: {
  icon: LucideIcon;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A destructive section (deleting the account): the icon in red. */
  danger?: boolean;
}) {
  return (
    <CardHeader>
      <CardTitle asChild>
        <h2 className="flex items-center gap-2 text-lg">
          <Icon className={cn("size-5", danger ? "text-red-700" : "text-brand-600")} aria-hidden="true" />
          {title}
        </h2>
      </CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
    </CardHeader>
  );
}
