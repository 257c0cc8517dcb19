"use strict";
// The platform packages of signalint: one per operating system and CPU (the set Biome ships,
// plus musl Linux), each carrying the native binary at its root and the built-in plugin
// libraries in `plugins/`, where the binary looks for them from its own real path.
// `scripts/package` builds the one for the machine it runs on from this same table.

const PLATFORMS = [
  { os: "linux", cpu: "x64", libc: "glibc" },
  { os: "linux", cpu: "arm64", libc: "glibc" },
  { os: "linux", cpu: "x64", libc: "musl" },
  { os: "linux", cpu: "arm64", libc: "musl" },
  { os: "darwin", cpu: "x64" },
  { os: "darwin", cpu: "arm64" },
  { os: "win32", cpu: "x64" },
  { os: "win32", cpu: "arm64" },
];

/** The npm name of a platform package: `@signalint/cli-linux-x64`, `…-linux-x64-musl`. */
function packageName(platform) {
  const musl = platform.libc === "musl" ? "-musl" : "";
  return `@signalint/cli-${platform.os}-${platform.cpu}${musl}`;
}

/** The binary's file name inside its platform package. */
function binaryName(platform) {
  return platform.os === "win32" ? "signalint.exe" : "signalint";
}

/** A plugin library's file name on that platform (`libsignalint_plugin_oxlint.so`). */
function libraryName(platform, id) {
  const stem = `signalint_plugin_${id.replace(/-/g, "_")}`;
  switch (platform.os) {
    case "win32":
      return `${stem}.dll`;
    case "darwin":
      return `lib${stem}.dylib`;
    default:
      return `lib${stem}.so`;
  }
}

/** The built-in plugins every platform package carries (the host's own list). */
const BUILTIN_PLUGINS = [
  "oxlint",
  "tsc",
  "biome",
  "eslint",
  "shadow-patterns",
  "param-synonyms",
  "tool-hygiene",
  "mcp-lint",
];

/** Whether this Node runs on musl (no glibc version in its report). */
function isMusl() {
  if (process.platform !== "linux") return false;
  try {
    const report = process.report.getReport();
    const header = typeof report === "string" ? JSON.parse(report).header : report.header;
    return !header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

/** The platform entry for this process, or undefined when signalint is not built for it. */
function current() {
  const libc = process.platform === "linux" ? (isMusl() ? "musl" : "glibc") : undefined;
  return PLATFORMS.find(
    (p) => p.os === process.platform && p.cpu === process.arch && p.libc === libc,
  );
}

module.exports = { PLATFORMS, BUILTIN_PLUGINS, packageName, binaryName, libraryName, current };
