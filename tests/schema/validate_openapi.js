// Validates JSON files against a schema taken from an OpenAPI 3.1 document (draft 2020-12, its
// formats checked: date, date-time, uri) with ajv and ajv-formats.
//   node validate_openapi.js SCHEMA FILE...
// Prints one line per file; exits 1 when any file is invalid.
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const [schemaPath, ...files] = process.argv.slice(2);
// OpenAPI writes nullable fields as union types ("string", "null").
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
let bad = 0;
for (const f of files) {
  if (validate(JSON.parse(fs.readFileSync(f, "utf8")))) {
    console.log(`${f}: valid`);
  } else {
    bad++;
    for (const e of validate.errors) console.log(`${f}: ${e.instancePath || "/"}: ${e.message}`);
  }
}
process.exit(bad ? 1 : 0);
