// The server/client boundary, visible in file names: a module that must never reach the browser
// (it reaches the database, a secret or Node) is named *.server.ts and starts with
// `import "server-only"`, which makes the build fail if a client component imports it. This rule
// keeps names and contents in step, and names the mistake at the import instead of in a build error:
//
// - a module that imports "server-only" is named *.server.*;
// - a *.server.* module imports "server-only" on its first line;
// - a "use client" module imports no *.server module (types excepted: they are erased);
// - a module under lib/ or components/ that imports a *.server module is server-only itself, so it
//   is named *.server.* too, unless it is a "use server" module (actions.ts: the functions the
//   browser may call) or a "use client" one (reported above).
//
// Files under app/ follow Next's own conventions (page, layout, route are server code) and
// scripts and tests run on the server only: neither is named *.server.
import path from "node:path";

const SERVER_NAME = /\.server\.(tsx?|jsx?|mjs|cjs)$/;
const SERVER_SPECIFIER = /\.server(\.(tsx?|jsx?|mjs|cjs))?$/;
/** Named by Next.js: everything under app/, and the root's proxy and instrumentation files. */
const NEXT_CONVENTION = /^(app\/|(proxy|middleware|instrumentation)\.(ts|js)$)/;

function directives(program) {
  const found = new Set();
  for (const statement of program.body) {
    if (statement.type !== "ExpressionStatement" || typeof statement.directive !== "string") break;
    found.add(statement.directive);
  }
  return found;
}

const isTypeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

/** The repository path (no extension) a specifier names, or null for a package. */
function resolve(specifier, filename, root) {
  let target;
  if (specifier.startsWith("@/")) target = specifier.slice(2);
  else if (specifier.startsWith("."))
    target = path.relative(root, path.resolve(path.dirname(filename), specifier));
  else return null;
  return target
    .split(path.sep)
    .join("/")
    .replace(/\.(tsx?|jsx?|mjs|cjs)$/, "");
}

/** @type {import("eslint").Rule.RuleModule} */
const boundary = {
  meta: {
    type: "problem",
    docs: {
      description: "Server-only modules are named *.server.ts, and client modules do not import them.",
    },
    schema: [
      {
        type: "object",
        properties: {
          // Server modules that cannot import "server-only" (repository paths), treated as *.server.
          unsuffixed: { type: "array", items: { type: "string" } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      unnamed:
        'This module imports "server-only", so its name says so: rename it to {{name}} (and its imports).',
      unmarked: 'A *.server module starts with `import "server-only";` on its first line.',
      clientImport:
        '"use client" modules cannot import server-only modules ({{source}}); move what the browser needs to a module without .server (a schema, a limit, a type), or import only its types.',
      transitive:
        'This module imports the server-only {{source}}, so it is server-only itself: name it {{name}} and start it with `import "server-only";`.',
    },
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const filename = context.filename ?? context.getFilename();
    const file = path.relative(root, filename).split(path.sep).join("/");
    const unsuffixed = new Set(
      (context.options[0]?.unsuffixed ?? []).map((p) => p.replace(/\.(tsx?|jsx?|mjs|cjs)$/, "")),
    );
    const serverName = SERVER_NAME.test(file);
    const suffixed = file.replace(/(\.(tsx?|jsx?|mjs|cjs))$/, ".server$1");
    let serverOnlyImport = null;
    let kind = null;

    const isServerModule = (specifier) => {
      if (SERVER_SPECIFIER.test(specifier)) return true;
      const target = resolve(specifier, filename, root);
      return target !== null && unsuffixed.has(target);
    };

    function checkImport(node, source) {
      if (typeof source !== "string" || !isServerModule(source)) return;
      if (kind === "client") context.report({ node, messageId: "clientImport", data: { source } });
      else if (kind === "shared")
        context.report({
          node,
          messageId: "transitive",
          data: { source, name: path.posix.basename(suffixed) },
        });
    }

    return {
      Program(program) {
        const found = directives(program);
        const shared = (file.startsWith("lib/") || file.startsWith("components/")) && !serverName;
        const listed = unsuffixed.has(file.replace(/\.(tsx?|jsx?|mjs|cjs)$/, ""));
        if (found.has("use client")) kind = "client";
        else if (shared && !found.has("use server") && !listed) kind = "shared";
        else kind = "exempt";
        const first = program.body[0];
        const firstIsServerOnly =
          first?.type === "ImportDeclaration" &&
          first.source.value === "server-only" &&
          first.specifiers.length === 0 &&
          first.loc.start.line === 1;
        if (serverName && !firstIsServerOnly)
          context.report({ node: first ?? program, messageId: "unmarked" });
      },
      ImportDeclaration(node) {
        if (node.source.value === "server-only") serverOnlyImport = node;
        if (!isTypeOnly(node)) checkImport(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !isTypeOnly(node)) checkImport(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== "type") checkImport(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") checkImport(node, node.source.value);
      },
      CallExpression(node) {
        const [argument] = node.arguments;
        if (
          node.callee.type === "Identifier" &&
          node.callee.name === "require" &&
          argument?.type === "Literal"
        )
          checkImport(node, argument.value);
      },
      "Program:exit"() {
        if (serverOnlyImport && !serverName && !NEXT_CONVENTION.test(file))
          context.report({
            node: serverOnlyImport,
            messageId: "unnamed",
            data: { name: path.posix.basename(suffixed) },
          });
      },
    };
  },
};

export const serverModules = { meta: { name: "server-modules" }, rules: { boundary } };
