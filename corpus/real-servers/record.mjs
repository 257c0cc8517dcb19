// Records the `initialize` answer and the full `tools/list` (with `--all`, the resources and
// prompts too) of an installed MCP server package over stdio, the way a client would see them.
//
// usage: node record.mjs [--all] <install-dir> <package> [server args...] > out.json
// `--all` also records resources/list, resources/templates/list and prompts/list.
// The package must already be installed in <install-dir> (npm install --ignore-scripts).
// Environment variables the server needs to start (fake API keys) come from the caller.
import { spawn } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const all = process.argv[2] === "--all";
const [dir, pkg, ...args] = process.argv.slice(all ? 3 : 2);
const root = join(dir, "node_modules", pkg);
const meta = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
let bin = meta.bin;
if (typeof bin === "object") bin = Object.values(bin)[0];
if (!bin) bin = meta.main;
const licenceFile = ["LICENSE", "LICENSE.md", "LICENSE.txt", "license", "LICENCE"].find((f) =>
  existsSync(join(root, f)),
);

const child = spawn(process.execPath, [join(root, bin), ...args], {
  cwd: dir,
  stdio: ["pipe", "pipe", "pipe"],
});
let buf = "";
const waiting = new Map();
child.stdout.on("data", (d) => {
  buf += d.toString();
  let nl;
  while ((nl = buf.indexOf("\n")) >= 0) {
    const line = buf.slice(0, nl).trim();
    buf = buf.slice(nl + 1);
    if (!line.startsWith("{")) continue;
    let msg;
    try { msg = JSON.parse(line); } catch { continue; }
    if (msg.id !== undefined && waiting.has(msg.id)) {
      waiting.get(msg.id)(msg);
      waiting.delete(msg.id);
    }
  }
});
child.stderr.on("data", () => {});
let next = 1;
function call(method, params) {
  const id = next++;
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
  return new Promise((resolve, reject) => {
    waiting.set(id, resolve);
    setTimeout(() => reject(new Error(`${method}: no answer in 30 s`)), 30000);
  });
}
const timer = setTimeout(() => { child.kill("SIGKILL"); process.exit(3); }, 60000);
try {
  const init = await call("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "signalint-corpus-recorder", version: "1" },
  });
  if (init.error) throw new Error(JSON.stringify(init.error));
  child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  // Every page of one listing (`key` in each result).
  async function list(method, key) {
    const items = [];
    let cursor;
    do {
      const page = await call(method, cursor ? { cursor } : {});
      if (page.error) throw new Error(JSON.stringify(page.error));
      items.push(...(page.result[key] || []));
      cursor = page.result.nextCursor;
    } while (cursor);
    return items;
  }
  const tools = await list("tools/list", "tools");
  // Resources and prompts too, with `--all`, when the server declares them.
  const more = {};
  const declared = init.result.capabilities || {};
  if (all && declared.resources) {
    more.resources = await list("resources/list", "resources");
    more.resourceTemplates = await list("resources/templates/list", "resourceTemplates");
  }
  if (all && declared.prompts) more.prompts = await list("prompts/list", "prompts");
  process.stdout.write(JSON.stringify({
    package: pkg,
    version: meta.version,
    license: meta.license || null,
    licenseFile: licenceFile || null,
    repository: typeof meta.repository === "object" ? meta.repository.url : meta.repository || null,
    serverInfo: init.result.serverInfo || null,
    args,
    tools,
    ...more,
  }) + "\n");
  clearTimeout(timer);
  child.kill();
  process.exit(0);
} catch (e) {
  process.stderr.write(`${pkg}: ${e.message}\n`);
  child.kill("SIGKILL");
  process.exit(2);
}
