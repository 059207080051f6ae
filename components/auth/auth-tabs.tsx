"use client";

import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

type AuthTabsProps = {
  initialTab: AuthTab;
  callbackUrl: string | null;
};

/** Login and Register tabs; the open tab is kept in the address (?tab=register) for reloads and links. */
export function AuthTabs({ initialTab, callbackUrl }: AuthTabsProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);

  function select(value: string) {
    const next: AuthTab = value === "register" ? "register" : "login";
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "register") url.searchParams.set("tab", "register");
    else url.searchParams.delete("tab");
    // Next.js keeps its router in step with history.replaceState; nothing is fetched.
    window.history.replaceState(null, "", `${url.pathname}${url.search}`);
  }

  return (
    <Tabs value={tab} onValueChange={select} className="gap-6">
      <TabsList className="grid h-10 w-full grid-cols-2">
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm callbackUrl={callbackUrl} />
        <OtherTabLink tab="register" callbackUrl={callbackUrl} />
      </TabsContent>
      <TabsContent value="register">
        <RegisterForm callbackUrl={callbackUrl} />
        <OtherTabLink tab="login" callbackUrl={callbackUrl} />
      </TabsContent>
    </Tabs>
  );
}

/** Without JavaScript the tab buttons do nothing; a link opens the other tab's page instead. */
function OtherTabLink({ tab, callbackUrl }: { tab: AuthTab; callbackUrl: string | null }) {
  const query = new URLSearchParams();
  if (tab === "register") query.set("tab", "register");
  if (callbackUrl) query.set("callbackUrl", callbackUrl);
  const href = `/auth${query.size ? `?${query}` : ""}`;
  return (
    <noscript>
      <p className="mt-4 text-center text-sm text-slate-600">
        {tab === "register" ? "New here? " : "Already have an account? "}
        <a href={href} className="font-medium text-brand-700 underline underline-offset-4">
          {tab === "register" ? "Create an account" : "Sign in"}
        </a>
      </p>
    </noscript>
  );
}
