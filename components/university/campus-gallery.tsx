import Image from "next/image";
import { bypassesOptimizer } from "./image-src";

/** The university's photos, or a line saying there are none yet. */
export function CampusGallery({ name, images }: { name: string; images: string[] }) {
  if (images.length === 0) return <p className="text-slate-600">No campus photos yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((src, index) => (
        <li
          key={`${index}-${src.slice(0, 64)}`}
          className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100"
        >
          <Image
            src={src}
            alt={`${name} campus photo ${index + 1}`}
            fill
            sizes="(min-width: 1024px) 376px, (min-width: 640px) 50vw, 100vw"
            unoptimized={bypassesOptimizer(src)}
            className="object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
