#!/usr/bin/env node
/**
 * The requests of a benchmarked command, sent by a plain script: fetch, all at once, no validation, no Pulumi.
 *   node bench/raw.js <up|preview|refresh|update|destroy> <count> <variant> <ids file>
 * with POSTHOG_HOST, POSTHOG_API_KEY and POSTHOG_ORGANIZATION_ID set. `up` writes the ids file, the others read it.
 */
const fs = require("node:fs");
const { declaredProject, changedSettings } = require("./declared");

const [operation, countText, variantText, idsFile] = process.argv.slice(2);
const count = Number(countText);
const variant = Number(variantText);
const base = `${process.env.POSTHOG_HOST}/api/organizations/${process.env.POSTHOG_ORGANIZATION_ID}/projects/`;
const headers = { authorization: `Bearer ${process.env.POSTHOG_API_KEY}`, "content-type": "application/json" };

/** Settings as PostHog names them. */
const posthogNames = (settings) =>
  Object.fromEntries(Object.entries(settings).map(([input, value]) => [input.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
/** The settings the programs declare. */
const settings = (i) => posthogNames(declaredProject("Raw", i, variant));

async function send(method, url, body) {
  const response = await fetch(url, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

async function main() {
  const ids = operation === "up" ? [] : JSON.parse(fs.readFileSync(idsFile, "utf8"));
  switch (operation) {
    case "up": {
      const records = await Promise.all(Array.from({ length: count }, (_, i) => send("POST", base, settings(i))));
      fs.writeFileSync(idsFile, JSON.stringify(records.map((r) => r.id)));
      break;
    }
    case "preview":
      break;
    case "refresh":
      await Promise.all(ids.map((id) => send("GET", `${base}${id}/`)));
      break;
    case "update":
      await Promise.all(ids.map((id, i) => send("PATCH", `${base}${id}/`, posthogNames(changedSettings("Raw", i, variant)))));
      break;
    case "destroy":
      await Promise.all(ids.map((id) => send("DELETE", `${base}${id}/`)));
      break;
    default:
      throw new Error(`unknown operation ${operation}`);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
