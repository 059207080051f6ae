"use client";

import { parseAsStringLiteral, useQueryState } from "nuqs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export const SETTINGS_TABS = ["team", "universities", "programs", "general"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const LABELS: Record<SettingsTab, string> = {
  team: "Team",
  universities: "Universities",
  programs: "Programs",
  general: "General",
};

/** The tabs of /admin/settings; the open tab is in the address (?tab=), so it can be linked. */
export function SettingsTabs({ panels }: { panels: Record<SettingsTab, React.ReactNode> }) {
  const [tab, setTab] = useQueryState("tab", parseAsStringLiteral(SETTINGS_TABS).withDefault("team"));
  return (
    <Tabs value={tab} onValueChange={(value) => void setTab(value as SettingsTab)}>
      <TabsList className="w-full sm:w-auto">
        {SETTINGS_TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      {SETTINGS_TABS.map((value) => (
        <TabsContent key={value} value={value} className="pt-4">
          {panels[value]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
