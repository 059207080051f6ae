/**
 * A small form's answer under it: the refusal (an alert) or the success message (a status). The
 * refusal's `id` lets the field it concerns point at it (aria-describedby).
 */
export function FormAnswer({ error, message, id }: { error?: string; message?: string; id?: string }) {
  return (
    <>
      {error && (
        <p id={id} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {message && (
        <p role="status" className="text-sm text-green-800">
          {message}
        </p>
      )}
    </>
  );
}
