"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { ImageUpload } from "@/components/admin/image-upload";
import { CountryFlag } from "@/components/country-flag";
import { FormField } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { StaleWriteNotice } from "@/components/forms/stale-write-notice";
import { Button } from "@/components/ui/button";
import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { CountryDto } from "@/lib/countries/queries.server";
import { apiFetch, errorMessage, staleWriteMessage, UNKNOWN_FAILURE } from "@/lib/http/client";
import { MAX_IMAGE_MB } from "@/lib/images/sniff";
import type { UniversityDto } from "@/lib/universities/queries.server";
import { slugify } from "@/lib/universities/slug";
import {
  COUNTRY_REQUIRED,
  MAX_GALLERY_IMAGES,
  NAME_AND_COUNTRY_REQUIRED,
  NAME_REQUIRED,
  RANKING_MIN,
  RANKING_YEAR_MIN,
  universitySchema,
  type UniversityInput,
} from "@/lib/validation/university";

/** What the form holds: the country as a code, the ranking, its source and year as typed. */
type FormValues = {
  name: string;
  country: string;
  ranking: string;
  rankingSource: string;
  rankingYear: string;
  webPage: string;
  description: string;
  mainImage: string | null;
  images: string[];
};

type UniversityFormProps = {
  countries: CountryDto[];
  /** The university being edited; absent when adding one. */
  university?: UniversityDto;
};

const FIELDS = [
  "name",
  "country",
  "ranking",
  "rankingSource",
  "rankingYear",
  "webPage",
  "description",
  "mainImage",
  "images",
] as const;

/** The code of a stored country name (stored as the name, handled as a code in the form). */
function codeOfName(countries: CountryDto[], name: string): string | null {
  const wanted = name.trim().toLocaleLowerCase("en");
  return countries.find((c) => c.name.toLocaleLowerCase("en") === wanted)?.code ?? null;
}

/**
 * The University form, for adding (POST /api/universities) and editing
 * (PATCH /api/universities/{id}). The same zod schema checks it here and on the server.
 */
export function UniversityForm({ countries, university }: UniversityFormProps) {
  const router = useRouter();
  const editing = university !== undefined;
  const initialCode = useMemo(
    () => (university ? codeOfName(countries, university.country) : null),
    [countries, university],
  );
  const [uploading, setUploading] = useState({ main: false, gallery: false });
  const setMainBusy = useCallback((main: boolean) => setUploading((u) => ({ ...u, main })), []);
  const setGalleryBusy = useCallback((gallery: boolean) => setUploading((u) => ({ ...u, gallery })), []);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<FormValues, unknown, UniversityInput>({
    resolver: zodResolver(universitySchema) as unknown as Resolver<FormValues, unknown, UniversityInput>,
    defaultValues: {
      name: university?.name ?? "",
      country: initialCode ?? "",
      ranking: university?.ranking?.toString() ?? "",
      rankingSource: university?.rankingSource ?? "",
      rankingYear: university?.rankingYear?.toString() ?? "",
      webPage: university?.webPage ?? "",
      description: university?.description ?? "",
      mainImage: university?.mainImage ?? null,
      images: university?.images ?? [],
    },
  });

  // Editing a university whose country is not in the list warns once.
  const warned = useRef(false);
  useEffect(() => {
    if (university && !initialCode && !warned.current) {
      warned.current = true;
      toast.warning("Warning", {
        description: `Could not find matching country code for: ${university.country}`,
      });
    }
  }, [university, initialCode]);

  const countryOptions: ComboboxOption[] = useMemo(
    () => countries.map((c) => ({ value: c.code, label: c.name, icon: <CountryFlag code={c.code} /> })),
    [countries],
  );

  const [stale, setStale] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    const body = {
      name: values.name,
      slug: slugify(values.name),
      // Sent as the name; the server also accepts the code.
      country: countries.find((c) => c.code === values.country)?.name ?? values.country,
      description: values.description,
      mainImage: values.mainImage,
      images: values.images,
      ranking: values.ranking,
      rankingSource: values.rankingSource,
      rankingYear: values.rankingYear,
      webPage: values.webPage,
    };
    try {
      if (editing) {
        // The version the page was rendered with: a save after someone else's is refused.
        await apiFetch(`/api/universities/${university.id}`, {
          method: "PATCH",
          body: { ...body, version: university.version },
        });
      } else {
        await apiFetch("/api/universities", { method: "POST", body });
      }
      toast.success("Success", {
        description: editing ? "University updated successfully" : "University created successfully",
      });
      router.push("/admin/universities");
    } catch (error) {
      setStale(staleWriteMessage(error));
      applyServerFieldErrors(error, setError, FIELDS);
      const message = errorMessage(error);
      toast.error("Error", {
        description:
          message === UNKNOWN_FAILURE
            ? editing
              ? "Failed to update university"
              : "Failed to create university"
            : message,
      });
      throw error; // keeps isSubmitSuccessful false
    }
  });

  const nameAndCountryMissing =
    errors.name?.message === NAME_REQUIRED && errors.country?.message === COUNTRY_REQUIRED;
  const busy = isSubmitting || uploading.main || uploading.gallery;
  const done = isSubmitSuccessful;

  return (
    <form
      onSubmit={(event) => onSubmit(event).catch(() => undefined)}
      noValidate
      className="grid grid-cols-1 gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      {nameAndCountryMissing && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {NAME_AND_COUNTRY_REQUIRED}
        </p>
      )}
      <FormField
        id="university-name"
        label="University Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register("name")}
      />

      <div className="grid gap-2">
        <Label htmlFor="university-country">Country</Label>
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <Combobox
              id="university-country"
              value={field.value || null}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              options={countryOptions}
              placeholder="Select country"
              searchPlaceholder="Search countries..."
              emptyText="No country found."
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? "university-country-error" : undefined}
            />
          )}
        />
        {errors.country?.message && (
          <p id="university-country-error" className="text-sm font-medium text-red-700">
            {errors.country.message}
          </p>
        )}
      </div>

      <FormField
        id="university-website"
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="off"
        hint="Optional. The full address of the official website, e.g. https://www.example.edu/."
        error={errors.webPage?.message}
        {...register("webPage")}
      />

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm text-slate-600 sm:col-span-3">
          Optional. A ranking is shown only with its source, e.g. &ldquo;QS 2026: 45&rdquo;; leave all three
          empty when the university is not ranked.
        </legend>
        <FormField
          id="university-ranking"
          label="Ranking"
          type="number"
          inputMode="numeric"
          min={RANKING_MIN}
          step={1}
          error={errors.ranking?.message}
          {...register("ranking")}
        />
        <FormField
          id="university-ranking-source"
          label="Ranking source"
          autoComplete="off"
          hint="Who published it, e.g. QS."
          error={errors.rankingSource?.message}
          {...register("rankingSource")}
        />
        <FormField
          id="university-ranking-year"
          label="Ranking year"
          type="number"
          inputMode="numeric"
          min={RANKING_YEAR_MIN}
          step={1}
          hint="The edition, e.g. 2026."
          error={errors.rankingYear?.message}
          {...register("rankingYear")}
        />
      </fieldset>

      <Controller
        control={control}
        name="mainImage"
        render={({ field, fieldState }) => (
          <ImageUpload
            label="Main Image"
            itemName="Main image"
            value={field.value ? [field.value] : []}
            onChange={(urls) => field.onChange(urls[0] ?? null)}
            onBusyChange={setMainBusy}
            hint={`Optional. JPEG, PNG, WebP or GIF, up to ${MAX_IMAGE_MB}MB.`}
            error={fieldState.error?.message}
          />
        )}
      />

      <Controller
        control={control}
        name="images"
        render={({ field, fieldState }) => (
          <ImageUpload
            label="Campus Gallery Images"
            itemName="Campus image"
            multiple
            max={MAX_GALLERY_IMAGES}
            value={field.value}
            onChange={field.onChange}
            onBusyChange={setGalleryBusy}
            hint={`Optional. Up to ${MAX_GALLERY_IMAGES} images, each up to ${MAX_IMAGE_MB}MB.`}
            error={fieldState.error?.message ?? errors.images?.root?.message}
          />
        )}
      />

      <div className="grid gap-2">
        <Label htmlFor="university-description">Description</Label>
        <Textarea
          id="university-description"
          rows={6}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "university-description-error" : undefined}
          {...register("description")}
        />
        {errors.description?.message && (
          <p id="university-description-error" className="text-sm font-medium text-red-700">
            {errors.description.message}
          </p>
        )}
      </div>

      <StaleWriteNotice message={stale} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link href="/admin/universities">Cancel</Link>
        </Button>
        <Button type="submit" disabled={busy || done}>
          {isSubmitting || done
            ? editing
              ? "Updating..."
              : "Creating..."
            : editing
              ? "Update University"
              : "Create University"}
        </Button>
      </div>
    </form>
  );
}
