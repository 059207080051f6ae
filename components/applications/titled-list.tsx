/** A short list under its title: an offer's conditions, a rejection's reasons. */
export function TitledList({ title, items }: { title: string; items: readonly React.ReactNode[] }) {
  return (
    <div className="text-sm text-slate-800">
      <p className="font-medium text-slate-900">{title}</p>
      <ul className="list-disc pl-5">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
