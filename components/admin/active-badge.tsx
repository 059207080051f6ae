import { Badge } from "@/components/ui/badge";

/** An account's status: Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge className="bg-green-100 text-green-800">Active</Badge>
  ) : (
    <Badge className="bg-slate-200 text-slate-800">Inactive</Badge>
  );
}
