/** A university whose programs nobody has entered yet: said plainly, with where to look instead. */
export function NoPrograms({ website }: { website: string | null }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
      <p className="font-medium text-slate-900">No programs have been added for this university yet.</p>
      {website ? (
        <p className="mt-2">
          See its programs on the{" "}
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            official website
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      ) : (
        <p className="mt-2">Check the university&rsquo;s official website for its programs.</p>
      )}
    </div>
  );
}
