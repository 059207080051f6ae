import { writeFileSync } from "node:fs";
import { workflowDocument } from "@/lib/applications/workflow-doc";

// Writes docs/application-states.md from the transition table (lib/applications/workflow.ts).
writeFileSync("docs/application-states.md", workflowDocument());
console.log("docs/application-states.md written");
