/** @jest-environment jsdom */
import * as kit from "../support/dialog-kit";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { AddUserDialog } from "@/components/admin/add-user-dialog";
import { AddAdminDialog } from "@/components/admin/settings/add-admin-dialog";

// Add User (POST /api/users, adminCreateUserSchema) and the Team tab's Add Admin (promoting a
// student: PATCH /api/users/{id}, updateUserSchema): messages before sending, the bodies kit.sent,
// the pending labels, the toasts, and the server's field errors on their fields.

const student = { id: 21, fullName: "Nora Reyes", username: "nora", email: "nora@example.com" };
const account = {
  fullName: "Nora Reyes",
  email: "nora@example.com",
  username: "nora",
  password: "a long enough password",
};

function fillAccount() {
  fireEvent.change(screen.getByLabelText("Full name"), { target: { value: account.fullName } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: account.email } });
  fireEvent.change(screen.getByLabelText("Username"), { target: { value: account.username } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: account.password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: account.password } });
}

const openAddUser = (canCreateAdmins = true) =>
  kit.openDialog(<AddUserDialog canCreateAdmins={canCreateAdmins} />, "Add User", "Add User");

const addUser = () => fireEvent.click(screen.getByRole("button", { name: "Add User" }));

test("Add User: the register schema's messages before anything is sent", async () => {
  openAddUser();
  addUser();
  expect(await screen.findByText("Full name is required")).toBeInTheDocument();
  expect(screen.getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true");
  expect(kit.fetchMock).not.toHaveBeenCalled();
});

test("Add User: an admin needs a type; the body, 'Adding...', the toast and the dialog closing", async () => {
  const held = kit.heldAnswer(kit.answer(201, { ...student, role: "admin", adminType: "super" }));
  kit.fetchMock.mockReturnValue(held.promise);
  openAddUser();
  fillAccount();
  kit.choose("Role", "Admin");
  expect(screen.getByRole("combobox", { name: "Admin type" })).toHaveTextContent("Choose a type");
  addUser();
  expect(await screen.findByText("Choose the admin type of an admin")).toBeInTheDocument();
  expect(kit.fetchMock).not.toHaveBeenCalled();

  kit.choose("Admin type", "Super admin");
  addUser();
  expect(await screen.findByRole("button", { name: "Adding..." })).toBeDisabled();
  expect(kit.sent()).toEqual([
    {
      url: "/api/users",
      method: "POST",
      body: { ...account, confirmPassword: account.password, role: "admin", adminType: "super" },
    },
  ]);
  await kit.releaseAndClose(held, ["User added", "Nora Reyes (nora) can now sign in."]);
});

test("Add User: a taken username comes back on its field, with the error toast", async () => {
  kit.fetchMock.mockResolvedValue(
    kit.answer(409, {
      error: "That username is taken",
      fieldErrors: { username: ["That username is taken"] },
    }),
  );
  openAddUser(false);
  expect(screen.queryByRole("combobox", { name: "Role" })).not.toBeInTheDocument();
  fillAccount();
  addUser();
  expect(await screen.findByText("That username is taken")).toBeInTheDocument();
  expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
  expect(kit.sent()[0].body).toMatchObject({ role: "user", adminType: null });
  expect(kit.toastError).toHaveBeenCalledWith("Could not add the user", {
    description: "That username is taken",
  });
  expect(screen.getByRole("dialog")).toBeInTheDocument();
});

const openAddAdmin = () => kit.openDialog(<AddAdminDialog />, "Add Admin", "Add Admin");

async function findAndChoose() {
  fireEvent.change(screen.getByLabelText("Find a user"), { target: { value: "nora" } });
  fireEvent.click(await screen.findByRole("button", { name: /Nora Reyes/ }));
}

test("Add Admin: promoting a student sends role and admin type, then toasts and closes", async () => {
  const held = kit.heldAnswer(kit.answer(200, {}));
  kit.fetchMock.mockImplementation(async (url) =>
    url.startsWith("/api/users?") ? kit.answer(200, [student]) : held.promise,
  );
  openAddAdmin();
  expect(screen.getByRole("button", { name: "Make admin" })).toBeDisabled();
  await findAndChoose();
  kit.choose("Admin type", "Super admin");
  fireEvent.click(screen.getByRole("button", { name: "Make Nora Reyes an admin" }));

  expect(await screen.findByRole("button", { name: "Make Nora Reyes an admin" })).toBeDisabled();
  expect(kit.sent()[0].url).toBe("/api/users?role=user&limit=8&q=nora");
  expect(kit.sent()[1]).toEqual({
    url: "/api/users/21",
    method: "PATCH",
    body: { role: "admin", adminType: "super" },
  });
  await kit.releaseAndClose(held, ["Admin added", "Nora Reyes is now a super admin."]);
});

test("Add Admin: the server's refusal and field errors are shown in the dialog", async () => {
  let patch = kit.answer(409, { error: "Nora Reyes is already an admin." });
  kit.fetchMock.mockImplementation(async (url) =>
    url.startsWith("/api/users?") ? kit.answer(200, [student]) : patch,
  );
  openAddAdmin();
  await findAndChoose();
  fireEvent.click(screen.getByRole("button", { name: "Make Nora Reyes an admin" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Nora Reyes is already an admin.");

  patch = kit.fieldRefusal("adminType", "Choose the admin type: super or team");
  fireEvent.click(screen.getByRole("button", { name: "Make Nora Reyes an admin" }));
  expect(await screen.findByText("Choose the admin type: super or team")).toBeInTheDocument();
  expect(screen.getByRole("combobox", { name: "Admin type" })).toHaveAttribute("aria-invalid", "true");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("Add Admin, New account: creates an admin with the Add User form", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(201, { ...student, role: "admin", adminType: "team" }));
  openAddAdmin();
  fireEvent.mouseDown(screen.getByRole("tab", { name: "New account" }));
  fillAccount();
  expect(screen.getByRole("combobox", { name: "Admin type" })).toHaveTextContent("Team admin");
  fireEvent.click(screen.getByRole("button", { name: "Create Admin" }));
  await waitFor(() => expect(kit.toastSuccess).toHaveBeenCalledWith("User added", expect.anything()));
  expect(kit.sent()[0].body).toMatchObject({ role: "admin", adminType: "team" });
});
