#!/usr/bin/env node
/** `npm run docs`: rewrites the settings reference in README.md from the field table (needs lib/: npm run build). */
const fs = require("node:fs");
const path = require("node:path");
const { settingsReference, REFERENCE_START, REFERENCE_END } = require("../lib/schema/reference");

const readme = path.join(__dirname, "..", "README.md");
const text = fs.readFileSync(readme, "utf8");
const start = text.indexOf(REFERENCE_START);
const end = text.indexOf(REFERENCE_END);
if (start < 0 || end < 0) throw new Error(`README.md needs the markers ${REFERENCE_START} and ${REFERENCE_END}`);
fs.writeFileSync(readme, text.slice(0, start) + settingsReference() + text.slice(end + REFERENCE_END.length));
console.log("README.md settings reference updated");
