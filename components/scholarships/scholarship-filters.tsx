import Link from "next/link";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SCHOLARSHIP_SORT_LABELS, SCHOLARSHIP_SORTS } from "@/lib/scholarships/search-params";
import { SCHOLARSHIPS_PATH } from "@/lib/scholarships/paths";
import { NATIVE_SELECT_CLASS } from "@/components/ui/select-trigger-class";

// The filters of /scholarships: a plain GET form of native controls, rendered on the server. It
// works the same before the page's script runs, without JavaScript, and with it (the browser loads
// the search's address), and adds no script to the page: each search is its own address, cached
// like the other searches (lib/cache/search-pages.ts).

export interface ScholarshipFilterValues {
  q: string;
  country: string;
  university: number;
  level: string;
  field: string;
  nationality: string;
  grade: number;
  open: boolean;
  sort: string;
}

interface Option {
  code: string;
  name: string;
}

const labelClass = "text-sm font-medium text-slate-900";

function Select({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={NATIVE_SELECT_CLASS}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How many filters differ from their defaults (the mobile summary says it). */
export function activeFilterCount(values: ScholarshipFilterValues): number {
  return [
    values.q !== "",
    values.country !== "all",
    values.university !== 0,
    values.level !== "all",
    values.field !== "all",
    values.nationality !== "all",
    values.grade !== 0,
    values.open,
  ].filter(Boolean).length;
}

export function ScholarshipFilters({
  idPrefix,
  values,
  countries,
  nationalities,
  levels,
  fields,
  universityName,
}: {
  idPrefix: string;
  values: ScholarshipFilterValues;
  /** Countries with universities: where a scholarship funds study. */
  countries: Option[];
  /** Every country: the student's nationality. */
  nationalities: Option[];
  levels: string[];
  fields: string[];
  /** The university the search is narrowed to (?university=), named. */
  universityName: string | null;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const withAll = (all: string, items: { value: string; label: string }[]) => [
    { value: "all", label: all },
    ...items,
  ];
  return (
    <form
      method="get"
      action={SCHOLARSHIPS_PATH}
      role="search"
      aria-label="Filter scholarships"
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id("q")} className={labelClass}>
          Scholarship or provider
        </label>
        <Input id={id("q")} name="q" type="search" defaultValue={values.q} placeholder="Search by name" />
      </div>
      {values.university !== 0 && (
        <fieldset className="flex flex-col gap-1.5 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-900">University</legend>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="university"
              value={values.university}
              defaultChecked
              className="mt-0.5 size-4 accent-brand-600"
            />
            Only {universityName ?? "this university"} and its programs
          </label>
        </fieldset>
      )}
      <Select
        id={id("country")}
        name="country"
        label="Country of study"
        value={values.country}
        options={withAll(
          "All countries",
          countries.map(({ code, name }) => ({ value: code, label: name })),
        )}
      />
      <Select
        id={id("nationality")}
        name="nationality"
        label="Your nationality"
        value={values.nationality}
        options={withAll(
          "Any nationality",
          nationalities.map(({ code, name }) => ({ value: code, label: name })),
        )}
      />
      <Select
        id={id("level")}
        name="level"
        label="Study level"
        value={values.level}
        options={withAll(
          "All levels",
          levels.map((level) => ({ value: level, label: level })),
        )}
      />
      <Select
        id={id("field")}
        name="field"
        label="Study field"
        value={values.field}
        options={withAll(
          "All fields",
          fields.map((field) => ({ value: field, label: field })),
        )}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id("grade")} className={labelClass}>
          Your grade (common scale, 0-100)
        </label>
        <Input
          id={id("grade")}
          name="grade"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          defaultValue={values.grade === 0 ? "" : values.grade}
          aria-describedby={id("grade-hint")}
        />
        <p id={id("grade-hint")} className="text-sm text-slate-600">
          60 is an upper second (2:1); your profile shows yours. Scholarships that state no minimum are kept.
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="open"
          value="true"
          defaultChecked={values.open}
          className="size-4 accent-brand-600"
        />
        Still open only
      </label>
      <Select
        id={id("sort")}
        name="sort"
        label="Sort by"
        value={values.sort}
        options={SCHOLARSHIP_SORTS.map((sort) => ({ value: sort, label: SCHOLARSHIP_SORT_LABELS[sort] }))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">
          <Search aria-hidden="true" />
          Show scholarships
        </Button>
        {activeFilterCount(values) > 0 && (
          <Button asChild variant="outline">
            <Link href={SCHOLARSHIPS_PATH}>
              <X aria-hidden="true" />
              Clear all
            </Link>
          </Button>
        )}
      </div>
    </form>
  );
}
