/** @jest-environment jsdom */
import * as kit from "../support/dialog-kit";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ManageAccessDialog } from "@/components/admin/manage-access-dialog";

// Manage access: the PATCH /api/users/{id} body (updateUserSchema) for each access level, the
// pending label, the toast, and the server's refusal or field errors in the dialog.

const TEAM = "Team admin: students and applications, plus the permissions below";
const USER = "User (student): no admin access";
const admin = {
  id: 3,
  fullName: "Ada Admin",
  role: "admin" as const,
  adminType: "super" as const,
  permissions: [],
  version: 7,
};
const teamAdmin = {
  id: 4,
  fullName: "Tomás Team",
  role: "admin" as const,
  adminType: "team" as const,
  permissions: ["export-data" as const],
  version: 2,
};

const open = (props: Partial<React.ComponentProps<typeof ManageAccessDialog>> = {}) =>
  kit.openDialog(
    <ManageAccessDialog user={admin} {...props} />,
    "Manage Access for Ada Admin",
    "Manage access",
  );

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

test("making a super admin a team admin sends role and admin type, then toasts and refreshes", async () => {
  const held = kit.heldAnswer(kit.answer(200, {}));
  kit.fetchMock.mockReturnValue(held.promise);
  open();
  kit.choose("Access level", TEAM);
  save();
  expect(await screen.findByRole("button", { name: "Saving…" })).toBeDisabled();
  expect(kit.sent()).toEqual([
    {
      url: "/api/users/3",
      method: "PATCH",
      body: { role: "admin", adminType: "team", permissions: [], version: 7 },
    },
  ]);
  await kit.releaseAndClose(held, ["Access updated", "Ada Admin is now a team admin."]);
  expect(kit.mockRouter.refresh).toHaveBeenCalledTimes(1);
});

test("revoking admin access sends { role: 'user' } alone", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  open();
  kit.choose("Access level", USER);
  save();
  await waitFor(() =>
    expect(kit.toastSuccess).toHaveBeenCalledWith("Access updated", {
      description: "Ada Admin no longer has admin access.",
    }),
  );
  expect(kit.sent()[0].body).toEqual({ role: "user", version: 7 });
});

test("Save without a change closes the dialog and sends nothing", () => {
  open();
  save();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(kit.fetchMock).not.toHaveBeenCalled();
});

test("one's own account: a warning once the access changes", () => {
  open({ isSelf: true, triggerLabel: "Manage Access" });
  const warning = "This is your own account: you will be signed out and lose the access you give up.";
  expect(screen.queryByText(warning)).not.toBeInTheDocument();
  kit.choose("Access level", USER);
  expect(screen.getByText(warning)).toBeInTheDocument();
});

test("the last super admin's demotion is refused in the dialog", async () => {
  kit.fetchMock.mockResolvedValue(
    kit.answer(409, { error: "The last active super admin cannot be demoted." }),
  );
  const dialog = open();
  kit.choose("Access level", TEAM);
  save();
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The last active super admin cannot be demoted.",
  );
  expect(dialog).toBeInTheDocument();
  expect(kit.toastSuccess).not.toHaveBeenCalled();
});

test("the server's field errors land on the access level", async () => {
  kit.fetchMock.mockResolvedValue(kit.fieldRefusal("adminType", "Choose the admin type: super or team"));
  open();
  kit.choose("Access level", TEAM);
  save();
  expect(await screen.findByText("Choose the admin type: super or team")).toBeInTheDocument();
  expect(screen.getByRole("combobox", { name: "Access level" })).toHaveAttribute("aria-invalid", "true");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

const box = (name: string) => screen.getByRole("checkbox", { name: new RegExp(`^${name}`) });

test("a team admin's permissions show as ticked boxes; granting one sends the whole set", async () => {
  const held = kit.heldAnswer(kit.answer(200, {}));
  kit.fetchMock.mockReturnValue(held.promise);
  kit.openDialog(<ManageAccessDialog user={teamAdmin} />, "Manage Access for Tomás Team", "Manage access");
  expect(box("Export data")).toBeChecked();
  expect(box("Make decisions")).not.toBeChecked();
  expect(box("Manage the catalogue")).not.toBeChecked();
  fireEvent.click(box("Make decisions"));
  save();
  expect(await screen.findByRole("button", { name: "Saving…" })).toBeDisabled();
  expect(kit.sent()).toEqual([
    {
      url: "/api/users/4",
      method: "PATCH",
      body: { role: "admin", adminType: "team", permissions: ["make-decisions", "export-data"], version: 2 },
    },
  ]);
  await kit.releaseAndClose(held, [
    "Permissions updated",
    "Tomás Team may now: make decisions, export data.",
  ]);
});

test("revoking a team admin's last permission leaves them the team's default", async () => {
  kit.fetchMock.mockResolvedValue(kit.answer(200, {}));
  kit.openDialog(<ManageAccessDialog user={teamAdmin} />, "Manage Access for Tomás Team", "Manage access");
  fireEvent.click(box("Export data"));
  save();
  await waitFor(() =>
    expect(kit.toastSuccess).toHaveBeenCalledWith("Permissions updated", {
      description: "Tomás Team has the team admin's default access, with no permissions.",
    }),
  );
  expect(kit.sent()[0].body).toEqual({ role: "admin", adminType: "team", permissions: [], version: 2 });
});

test("a super admin or a student is offered no permissions: a super admin holds them all", () => {
  open();
  expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  kit.choose("Access level", USER);
  expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  kit.choose("Access level", TEAM);
  expect(screen.getAllByRole("checkbox").map((input) => (input as HTMLInputElement).checked)).toEqual([
    false,
    false,
    false,
  ]);
});

test("ticking a box and unticking it again is no change: nothing is sent", () => {
  kit.openDialog(<ManageAccessDialog user={teamAdmin} />, "Manage Access for Tomás Team", "Manage access");
  fireEvent.click(box("Make decisions"));
  fireEvent.click(box("Make decisions"));
  save();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(kit.fetchMock).not.toHaveBeenCalled();
});
