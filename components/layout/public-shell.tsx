import { DemoNotice } from "./demo-notice";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

type PublicShellProps = {
  children: React.ReactNode;
  /**
   * Renders the page without header, footer and skip link. A page opts out by living in a route
   * group whose layout says so, e.g. app/(bare)/layout.tsx returning
   * `<PublicShell hideChrome>{children}</PublicShell>`.
   */
  hideChrome?: boolean;
  /** The platform name of /admin/settings for the header and footer (getPlatformName()). */
  platformName?: string;
  /** The database holds generated demo data: the "Demo data" notice tops the page (isDemoDatabase()). */
  demoData?: boolean;
};

/** The public pages' frame: skip link, sticky header, the one <main>, footer. The same for every visitor. */
export function PublicShell({
  children,
  hideChrome = false,
  platformName,
  demoData = false,
}: PublicShellProps) {
  return (
    <div className="flex min-h-screen flex-col">
      {!hideChrome && (
        <>
          <a
            href="#main-content"
            className="sr-only rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-2 focus:ring-brand-600 focus:outline-none"
          >
            Skip to main content
          </a>
          {demoData && <DemoNotice />}
          <SiteHeader platformName={platformName} />
        </>
      )}
      {/* The sign-in pages have no header, but a demo still says so there. */}
      {hideChrome && demoData && <DemoNotice />}
      {/* tabIndex lets the skip link move keyboard focus here, not only the scroll position. */}
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {!hideChrome && <SiteFooter platformName={platformName} year={new Date().getFullYear()} />}
    </div>
  );
}
