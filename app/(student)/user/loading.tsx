/** Shown inside the student area's frame while a page's data loads. */
export default function StudentAreaLoading() {
  return (
    <div role="status" className="mx-auto flex max-w-6xl flex-col gap-8">
      <span className="sr-only">Loading...</span>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="h-8 w-56 animate-pulse rounded-md bg-slate-200" />
        <div className="h-4 w-40 animate-pulse rounded-md bg-slate-200" />
      </div>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-3">
        <div className="h-64 animate-pulse rounded-xl bg-slate-200 lg:col-span-2" />
        <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}
