// signalint's import guard for an engine run by Node in a project the user has not trusted:
// a module may be imported only from the engine's own install (or Node's built-ins), so a
// repository's oxlint `jsPlugins`, a JavaScript config file or any other project module is
// refused with a message instead of run. Loaded with `node --import <this file>`; the hook
// itself runs in Node's loader thread.
import { register } from "node:module";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";

// The engine's own install (a directory path ending in `/`) is this file's `allowed` query
// parameter.
const ALLOWED = new URL(import.meta.url).searchParams.get("allowed") ?? "";

export async function initialize(data) {
  globalThis.signalintAllowed = data.allowed;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const allowed = globalThis.signalintAllowed;
  if (resolved.url.startsWith("node:")) {
    return resolved;
  }
  if (allowed && resolved.url.startsWith("file:") && fileURLToPath(resolved.url).startsWith(allowed)) {
    return resolved;
  }
  throw new Error(
    `signalint: the project is not trusted, so ${resolved.url} (code from the repository) was not loaded; ` +
      "if you trust the project, run `signalint trust` (or pass --trust)",
  );
}

if (isMainThread && ALLOWED) {
  register(import.meta.url, { data: { allowed: ALLOWED } });
}
