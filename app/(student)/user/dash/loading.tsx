/**
 * Shown inside the student area's frame while the page's data loads (the dashboard, and
 * applications/loading.tsx). Not for the whole of /user: a page behind a loading boundary
 * streams its content in a hidden element that only JavaScript reveals, and the profile's forms
 * must work without it (issue 11 §6).
 */
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
