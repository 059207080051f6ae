import { APPLICATION_STATUSES, STATUS_LABELS, STATUS_MEANINGS } from "./status";
import { ACTOR_NAMES, CONDITION_MARKING_PERMISSION, TRANSITIONS, type Transition } from "./workflow";

// docs/application-states.md, written from the transition table (`npm run docs:states`); a unit
// test compares the file with this text, so the diagram cannot drift from the code.

const id = (status: string) => status.replaceAll("-", "_");

const who = (transition: Transition) => transition.by.map((actor) => ACTOR_NAMES[actor]).join(", ");

export function workflowDocument(): string {
  const lines = [
    "# The application's states",
    "",
    "Generated from `lib/applications/workflow.ts` by `npm run docs:states`; do not edit by hand.",
    "",
    "```mermaid",
    "stateDiagram-v2",
    "  [*] --> pending: submit",
    ...TRANSITIONS.flatMap((t) => t.from.map((from) => `  ${id(from)} --> ${id(t.to)}: ${t.name}`)),
    "```",
    "",
    "## States",
    "",
    "| Status | Label | Meaning for the student |",
    "| --- | --- | --- |",
    ...APPLICATION_STATUSES.map((s) => `| \`${s}\` | ${STATUS_LABELS[s]} | ${STATUS_MEANINGS[s]} |`),
    "",
    "## Transitions",
    "",
    "A transition with a permission is a decision: team admins make it only once a super admin has",
    "given them that permission (super admins hold every one). Marking an offer's conditions met or",
    `not met is a decision too (\`${CONDITION_MARKING_PERMISSION}\`).`,
    "",
    "| Transition | From | To | By | Permission | Needs | Sets off |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...TRANSITIONS.map(
      (t) =>
        `| \`${t.name}\` | ${t.from.map((s) => `\`${s}\``).join(", ")} | \`${t.to}\` | ${who(t)} | ` +
        `${t.permission ? `\`${t.permission}\`` : "none"} | ` +
        `${t.requires.join(", ") || "nothing"} | ${t.triggers.join(", ") || "nothing"} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
