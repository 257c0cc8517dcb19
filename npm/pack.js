#!/usr/bin/env node
"use strict";
// Stages and packs the npm packages of signalint: the launcher package `signalint` and the
// platform package of this machine, from a cargo build directory. Called by `scripts/package`.
//
//   node npm/pack.js --build-dir target/release --out target/package --version 0.1.0

const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");
const platforms = require("./signalint/platforms.js");

function args() {
  const out = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (argv[i + 1] === undefined) throw new Error(`${argv[i]} needs a value`);
    out[key] = argv[i + 1];
  }
  for (const key of ["build-dir", "out", "version"]) {
    if (!out[key]) throw new Error(`--${key} is required`);
  }
  return out;
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function copy(from, to, mode) {
  if (!fs.existsSync(from)) {
    throw new Error(`${from} is missing: build it first (cargo build --workspace)`);
  }
  fs.copyFileSync(from, to);
  if (mode) fs.chmodSync(to, mode);
}

/** Packs a staged directory into `out`, returning the tarball's path. */
function pack(dir, out) {
  const json = execFileSync("npm", ["pack", "--json", "--pack-destination", out], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return path.join(out, JSON.parse(json)[0].filename);
}

function main() {
  const { "build-dir": buildDir, out, version } = args();
  const platform = platforms.current();
  if (!platform) throw new Error(`signalint has no platform package for ${process.platform}-${process.arch}`);
  const stage = path.join(out, "stage");
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });

  const launcherSource = path.join(__dirname, "signalint");
  const template = JSON.parse(fs.readFileSync(path.join(launcherSource, "package.json"), "utf8"));

  // The launcher: every platform package as an optional dependency of the same version.
  const main = path.join(stage, "signalint");
  fs.mkdirSync(path.join(main, "bin"), { recursive: true });
  copy(path.join(launcherSource, "bin/signalint.js"), path.join(main, "bin/signalint.js"), 0o755);
  copy(path.join(launcherSource, "platforms.js"), path.join(main, "platforms.js"));
  copy(path.join(launcherSource, "README.md"), path.join(main, "README.md"));
  const optionalDependencies = {};
  for (const p of platforms.PLATFORMS) optionalDependencies[platforms.packageName(p)] = version;
  writeJson(path.join(main, "package.json"), { ...template, version, optionalDependencies });

  // This machine's platform package: the binary at its root, the plugins in plugins/.
  const name = platforms.packageName(platform);
  const native = path.join(stage, name.replace("@signalint/", ""));
  fs.mkdirSync(path.join(native, "plugins"), { recursive: true });
  const binary = platforms.binaryName(platform);
  copy(path.join(buildDir, binary), path.join(native, binary), 0o755);
  const libraries = platforms.BUILTIN_PLUGINS.map((id) => `plugins/${platforms.libraryName(platform, id)}`);
  for (const library of libraries) {
    copy(path.join(buildDir, path.basename(library)), path.join(native, library));
  }
  fs.writeFileSync(
    path.join(native, "README.md"),
    `# ${name}\n\nThe ${platform.os}-${platform.cpu}${platform.libc ? ` (${platform.libc})` : ""} ` +
      "binary of signalint and its built-in plugins. Install `signalint`, which picks this " +
      "package for you.\n",
  );
  writeJson(path.join(native, "package.json"), {
    name,
    version,
    description: `The ${platform.os}-${platform.cpu} binary of signalint`,
    license: template.license,
    repository: template.repository,
    os: [platform.os],
    cpu: [platform.cpu],
    ...(platform.libc ? { libc: [platform.libc] } : {}),
    files: [binary, ...libraries, "README.md"],
    preferUnplugged: true,
  });

  for (const dir of [main, native]) process.stdout.write(`${pack(dir, path.resolve(out))}\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`npm/pack.js: ${error.message}\n`);
  process.exit(2);
}
