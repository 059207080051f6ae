/** @jest-environment jsdom */
import { act, render, renderHook, screen } from "@testing-library/react";
import { AuthProvider, useAuth } from "@/components/auth/auth-provider";
import type { UserDto } from "@/lib/users/dto";

const sam: UserDto = {
  id: 7,
  username: "student",
  fullName: "Sam Student",
  email: "student@example.com",
  role: "user",
  adminType: null,
  isActive: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  googleLinked: false,
  hasPassword: true,
  emailVerified: true,
  pendingEmail: null,
};

/** What apiFetch reads from a fetch Response (jsdom has no Response class). */
function answer(status: number, body = "", statusText = "") {
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => body };
}

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderAuth(initialUser: UserDto | null) {
  return renderHook(() => useAuth(), {
    wrapper: ({ children }) => <AuthProvider initialUser={initialUser}>{children}</AuthProvider>,
  });
}

test("useAuth outside an AuthProvider throws", () => {
  function Orphan() {
    useAuth();
    return null;
  }
  // React reports the error thrown during render to console.error as well; keep the output clean.
  const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    expect(() => render(<Orphan />)).toThrow("useAuth must be used within an AuthProvider");
  } finally {
    spy.mockRestore();
  }
});

test("the provider starts with the user the server rendered", () => {
  function Name() {
    return <p>{useAuth().user?.fullName ?? "signed out"}</p>;
  }
  render(
    <AuthProvider initialUser={sam}>
      <Name />
    </AuthProvider>,
  );
  expect(screen.getByText("Sam Student")).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("a 401 from GET /api/user means signed out: null, not an error", async () => {
  fetchMock.mockResolvedValueOnce(answer(401, '{"error":"Please sign in to continue."}'));
  const { result } = renderAuth(sam);

  let refreshed: UserDto | null | undefined;
  await act(async () => {
    refreshed = await result.current.refresh();
  });

  expect(refreshed).toBeNull();
  expect(result.current.user).toBeNull();
  expect(fetchMock).toHaveBeenCalledWith(
    "/api/user",
    expect.objectContaining({ method: "GET", credentials: "include", body: undefined }),
  );
});

test("refresh stores the current user, and other failures of GET /api/user are errors", async () => {
  fetchMock.mockResolvedValueOnce(answer(200, JSON.stringify(sam)));
  const { result } = renderAuth(null);
  await act(async () => {
    await result.current.refresh();
  });
  expect(result.current.user).toEqual(sam);

  fetchMock.mockResolvedValueOnce(answer(500, "", "Internal Server Error"));
  await act(async () => {
    await expect(result.current.refresh()).rejects.toThrow("500: Internal Server Error");
  });
  expect(result.current.user).toEqual(sam);
});

test("login posts the credentials as JSON and stores the returned user", async () => {
  fetchMock.mockResolvedValueOnce(answer(200, JSON.stringify(sam)));
  const { result } = renderAuth(null);

  await act(async () => {
    await result.current.login({ username: "student", password: "Student#2026" });
  });

  expect(result.current.user).toEqual(sam);
  expect(fetchMock).toHaveBeenCalledWith("/api/login", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "student", password: "Student#2026" }),
    signal: undefined,
  });
});

test("register stores the new user", async () => {
  fetchMock.mockResolvedValueOnce(answer(201, JSON.stringify(sam)));
  const { result } = renderAuth(null);

  await act(async () => {
    await result.current.register({
      fullName: "Sam Student",
      email: "student@example.com",
      username: "student",
      password: "Student#2026",
      confirmPassword: "Student#2026",
    });
  });

  expect(result.current.user).toEqual(sam);
  expect(fetchMock.mock.calls[0][0]).toBe("/api/register");
});

test("logout sends no body and clears the user", async () => {
  fetchMock.mockResolvedValueOnce(answer(204));
  const { result } = renderAuth(sam);

  await act(async () => {
    await result.current.logout();
  });

  expect(result.current.user).toBeNull();
  expect(fetchMock).toHaveBeenCalledWith("/api/logout", {
    method: "POST",
    credentials: "include",
    headers: undefined,
    body: undefined,
    signal: undefined,
  });
});

test('a refused login rejects with "{status}: {body}" and leaves the user signed out', async () => {
  const body = '{"error":"Invalid username or password"}';
  fetchMock.mockResolvedValueOnce(answer(401, body, "Unauthorized"));
  const { result } = renderAuth(null);

  await act(async () => {
    await expect(result.current.login({ username: "student", password: "wrong" })).rejects.toThrow(
      `401: ${body}`,
    );
  });
  expect(result.current.user).toBeNull();
});

test("a failed logout keeps the user", async () => {
  fetchMock.mockResolvedValueOnce(answer(503, "", "Service Unavailable"));
  const { result } = renderAuth(sam);

  await act(async () => {
    await expect(result.current.logout()).rejects.toThrow("503: Service Unavailable");
  });
  expect(result.current.user).toEqual(sam);
});
