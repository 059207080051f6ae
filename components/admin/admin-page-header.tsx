/** The title block of an admin page: the h1, a sentence on what the page is for, and its main action. */
export function AdminPageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      {/* min-w-0 and break-words: a long name in a title (an edit page's) wraps instead of overflowing. */}
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-600">{description}</p>
      </div>
      {action}
    </div>
  );
}
