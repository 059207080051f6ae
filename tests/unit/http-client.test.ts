import {
  ApiError,
  NETWORK_FAILURE,
  UNKNOWN_FAILURE,
  apiFetch,
  errorMessage,
  errorStatus,
  fieldErrorsOf,
} from "@/lib/http/client";

function answer(status: number, body = "", statusText = "") {
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => body };
}

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe("apiFetch", () => {
  test("sends cookies, and JSON with its content type only when there is a body", async () => {
    fetchMock.mockResolvedValue(answer(200, '{"ok":true}'));

    await apiFetch("/api/user");
    await apiFetch("/api/user", { method: "PATCH", body: { fullName: "Sam" } });

    expect(fetchMock.mock.calls[0][1]).toEqual({
      method: "GET",
      credentials: "include",
      headers: undefined,
      body: undefined,
      signal: undefined,
    });
    expect(fetchMock.mock.calls[1][1]).toEqual({
      method: "PATCH",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"fullName":"Sam"}',
      signal: undefined,
    });
  });

  test("returns the parsed JSON, or null for an empty 204", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, '{"id":1}')).mockResolvedValueOnce(answer(204));
    await expect(apiFetch("/api/user")).resolves.toEqual({ id: 1 });
    await expect(apiFetch("/api/logout", { method: "POST" })).resolves.toBeNull();
  });

  test('a non-OK answer throws an ApiError "{status}: {body text}", or the status text when the body is empty', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(409, '{"error":"Taken"}', "Conflict"))
      .mockResolvedValueOnce(answer(502, "", "Bad Gateway"));
    const taken = apiFetch("/api/register", { method: "POST", body: {} });
    await expect(taken).rejects.toThrow('409: {"error":"Taken"}');
    await expect(taken).rejects.toMatchObject({ status: 409, body: { error: "Taken" } });
    await expect(taken).rejects.toBeInstanceOf(ApiError);
    await expect(apiFetch("/api/user")).rejects.toMatchObject({
      status: 502,
      text: "Bad Gateway",
      body: null,
    });
  });
});

describe("errorMessage, errorStatus and fieldErrorsOf", () => {
  const conflict = new ApiError(
    409,
    '{"error":"This username is already taken.","fieldErrors":{"username":["This username is already taken."],"x":[1]}}',
  );

  test("read the server's error field, status and field messages", () => {
    expect(errorMessage(conflict)).toBe("This username is already taken.");
    expect(errorStatus(conflict)).toBe(409);
    expect(fieldErrorsOf(conflict)).toEqual({ username: ["This username is already taken."] });
  });

  test("fall back to a short plain-text body, then to a generic sentence", () => {
    expect(errorMessage(new ApiError(502, "Bad Gateway"))).toBe("Bad Gateway");
    expect(errorMessage(new ApiError(500, "<!DOCTYPE html><html>...</html>"))).toBe(UNKNOWN_FAILURE);
    expect(errorMessage(new ApiError(500, '{"requestId":"abc"}'))).toBe(UNKNOWN_FAILURE);
    expect(fieldErrorsOf(new ApiError(502, "Bad Gateway"))).toEqual({});
  });

  test("a request that never got an answer is a network failure without a status", () => {
    const offline = new TypeError("Failed to fetch");
    expect(errorMessage(offline)).toBe(NETWORK_FAILURE);
    expect(errorStatus(offline)).toBeNull();
    expect(errorMessage("what")).toBe(UNKNOWN_FAILURE);
  });
});
