import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from "@/components/ui/table";

export interface ListColumn {
  label: string;
  className?: string;
  /** Stays in view when the table scrolls sideways (the row actions). */
  pinned?: boolean;
}

/** A table of the admin area: its caption (for screen readers), the column headings and the rows. */
export function ListTable({
  caption,
  columns,
  className,
  style,
  children,
}: {
  caption: React.ReactNode;
  columns: readonly ListColumn[];
  className?: string;
  style?: React.CSSProperties;
  children: React.ReactNode;
}) {
  return (
    <Table className={className} style={style}>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.label} pinned={column.pinned} className={column.className}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
