// Checks JSON documents against the Vertex AI v1 API's message types, as Google publishes them in
// the .proto files the Node.js client @google-cloud/aiplatform ships (imports of google/api,
// google/rpc and google/protobuf come from google-gax, its dependency).
//
//   node vertex_check.js NODE_MODULES TYPE FILE...
//
// TYPE: CustomJob, HyperparameterTuningJob, BatchPredictionJob, Model or DeployedModel (in
// google.cloud.aiplatform.v1), or ModelDeployment: what `rtcat migrate` writes for a model version,
// {"model": Model, "deployedModel": DeployedModel} (the `model` of UploadModelRequest and the
// `deployedModel` of DeployModelRequest).
// A FILE that holds a JSON list is a list of TYPE. For each FILE prints "FILE: valid" or
// "FILE: PATH: what is wrong" and exits 1 when any is not.
// protobufjs's Type.fromObject drops unknown fields without a word, so every field name is first
// checked against the type, recursively (JSON names and proto names are both accepted), then the
// converted message goes through Type.verify. Required fields are checked too: those the .proto
// files mark (google.api.field_behavior) = REQUIRED, and MachineSpec.machineType where the
// .proto's own comment on it says it is required ("For BatchPredictionJob or as part of
// WorkerPoolSpec this field is required", machine_resources.proto).
'use strict';
const fs = require('fs');
const path = require('path');

const [modules, typeName, ...files] = process.argv.slice(2);
if (!modules || !typeName || files.length === 0) {
  console.error('usage: vertex_check.js NODE_MODULES TYPE FILE...');
  process.exit(2);
}
const protobuf = require(path.join(modules, 'protobufjs'));
const roots = [
  path.join(modules, '@google-cloud/aiplatform/build/protos'),
  path.join(modules, 'google-gax/build/protos'),
];
const files_of = {
  CustomJob: 'custom_job.proto',
  HyperparameterTuningJob: 'hyperparameter_tuning_job.proto',
  BatchPredictionJob: 'batch_prediction_job.proto',
  Model: 'model.proto',
  DeployedModel: 'endpoint.proto',
  ModelDeployment: null,
};
if (!Object.hasOwn(files_of, typeName)) {
  console.error(`unknown type ${typeName} (valid: ${Object.keys(files_of).join(', ')})`);
  process.exit(2);
}

const root = new protobuf.Root();
root.resolvePath = (origin, target) => {
  for (const r of roots) {
    const p = path.join(r, target);
    if (fs.existsSync(p)) {
      return p;
    }
  }
  return protobuf.util.path.resolve(origin, target);
};
root.loadSync(Object.values(files_of).filter((f) => f).map((f) => `google/cloud/aiplatform/v1/${f}`), { keepCase: false });
root.lookup('google.cloud.aiplatform.v1').add(new protobuf.Type('ModelDeployment')
  .add(new protobuf.Field('model', 1, 'google.cloud.aiplatform.v1.Model'))
  .add(new protobuf.Field('deployed_model', 2, 'google.cloud.aiplatform.v1.DeployedModel')));
root.resolveAll();
const type = root.lookupType(`google.cloud.aiplatform.v1.${typeName}`);

// Well-known types whose JSON form is not an object of their fields.
const scalar_json = new Set(['.google.protobuf.Duration', '.google.protobuf.Timestamp', '.google.protobuf.Value',
  '.google.protobuf.Struct', '.google.protobuf.ListValue', '.google.protobuf.FieldMask', '.google.protobuf.Any']);

const ints = new Set(['int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64', 'fixed32', 'fixed64', 'sfixed32', 'sfixed64']);

// Problems with one scalar or enum value (proto3 JSON: 64-bit integers may be decimal strings).
function scalar(f, v, here, out) {
  const rt = f.resolvedType;
  if (rt instanceof protobuf.Enum) {
    if (!(typeof v === 'number' ? Object.values(rt.values).includes(v) : Object.hasOwn(rt.values, v))) {
      out.push(`${here}: ${JSON.stringify(v)} is not a value of ${rt.fullName.slice(1)}`);
    }
  } else if (ints.has(f.type)) {
    if (!(Number.isInteger(v) || (typeof v === 'string' && /^-?[0-9]+$/.test(v)))) {
      out.push(`${here}: ${JSON.stringify(v)} is not an integer`);
    }
  } else if (f.type === 'double' || f.type === 'float') {
    if (typeof v !== 'number') {
      out.push(`${here}: ${JSON.stringify(v)} is not a number`);
    }
  } else if (f.type === 'bool') {
    if (typeof v !== 'boolean') {
      out.push(`${here}: ${JSON.stringify(v)} is not a boolean`);
    }
  } else if (f.type === 'string' || f.type === 'bytes') {
    if (typeof v !== 'string') {
      out.push(`${here}: ${JSON.stringify(v)} is not a string`);
    }
  }
}

// The JSON forms of well-known types that are not an object of their fields; a checked value is
// turned into the object protobufjs expects.
function well_known(name, v, here, out) {
  if (name === '.google.protobuf.Duration') {
    const m = typeof v === 'string' && /^(-?[0-9]+)(\.[0-9]{1,9})?s$/.exec(v);
    if (!m) {
      out.push(`${here}: ${JSON.stringify(v)} is not a Duration ("3600s")`);
      return {};
    }
    return { seconds: Number(m[1]) };
  }
  if (name === '.google.protobuf.Timestamp') {
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) {
      out.push(`${here}: ${JSON.stringify(v)} is not a Timestamp`);
    }
    return {};
  }
  return undefined; // Value, Struct, ...: any JSON
}

// Whether the field is marked REQUIRED in its .proto.
function marked_required(f) {
  return (f.parsedOptions || []).some((o) => o['(google.api.field_behavior)'] === 'REQUIRED');
}

// Fields a message must have when it is not empty (an empty WorkerPoolSpec is how a CustomJob
// skips a pool), and fields a child must have in the context of its parent.
const required_when_used = {
  '.google.cloud.aiplatform.v1.WorkerPoolSpec': ['machineSpec'],
};
const required_in = {
  '.google.cloud.aiplatform.v1.WorkerPoolSpec': { machineSpec: ['machineType'] },
  '.google.cloud.aiplatform.v1.BatchDedicatedResources': { machineSpec: ['machineType'] },
};

// Whether a value counts as set: proto3 JSON omits defaults, so "", 0, [] and {} are unset too.
function is_set(v) {
  if (v === undefined || v === null || v === '' || v === 0) {
    return false;
  }
  if (Array.isArray(v)) {
    return v.length > 0;
  }
  return true;
}

// Problems for required fields of `t` that `value` leaves unset; `extra`: the names the parent's
// context requires as well.
function required(t, value, where, extra, out) {
  const names = t.fieldsArray.filter(marked_required).map((f) => protobuf.util.camelCase(f.name));
  if (Object.keys(value).length > 0) {
    names.push(...(required_when_used[t.fullName] || []));
  }
  for (const name of [...new Set([...names, ...extra])]) {
    const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!is_set(value[name]) && !is_set(value[snake])) {
      out.push(`${where ? `${where}.` : ''}${name}: required by ${t.fullName.slice(1)}, but not set`);
    }
  }
}

// Checks field names, shapes and scalar values below `where` (problems as "path: message") and
// returns the value in the form Type.fromObject takes.
function strict(t, value, where, out, extra = []) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    out.push(`${where || '(root)'}: must be an object`);
    return {};
  }
  const byJson = {};
  for (const f of t.fieldsArray) {
    byJson[f.name] = f;
    byJson[protobuf.util.camelCase(f.name)] = f;
  }
  required(t, value, where, extra, out);
  const context = required_in[t.fullName] || {};
  const result = {};
  for (const [key, v] of Object.entries(value)) {
    const f = byJson[key];
    const here = where ? `${where}.${key}` : key;
    if (!f) {
      out.push(`${here}: unknown field of ${t.fullName.slice(1)}`);
      continue;
    }
    f.resolve();
    const one = (e, at) => {
      const rt = f.resolvedType;
      if (rt instanceof protobuf.Type) {
        if (scalar_json.has(rt.fullName)) {
          return well_known(rt.fullName, e, at, out);
        }
        return strict(rt, e, at, out, context[key] || []);
      }
      scalar(f, e, at, out);
      return e;
    };
    if (f.map) {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) {
        out.push(`${here}: must be an object`);
        continue;
      }
      result[key] = Object.fromEntries(Object.entries(v).map(([k, e]) => [k, one(e, `${here}[${k}]`)]));
    } else if (f.repeated) {
      if (!Array.isArray(v)) {
        out.push(`${here}: must be a list`);
        continue;
      }
      result[key] = v.map((e, i) => one(e, `${here}[${i}]`));
    } else {
      result[key] = one(v, here);
    }
  }
  return result;
}

let failed = false;
for (const file of files) {
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${file}: not JSON: ${e.message}`);
    failed = true;
    continue;
  }
  const problems = [];
  // A list (what migrate writes for several inputs): each element is a TYPE.
  for (const [where, one] of Array.isArray(doc) ? doc.map((d, i) => [`[${i}]`, d]) : [['', doc]]) {
    const found = [];
    const converted = strict(type, one, where, found);
    if (found.length === 0) {
      try {
        const err = type.verify(type.fromObject(converted));
        if (err) {
          found.push(where ? `${where}: ${err}` : err);
        }
      } catch (e) {
        found.push(where ? `${where}: ${e.message}` : e.message);
      }
    }
    problems.push(...found);
  }
  if (problems.length) {
    failed = true;
    for (const p of problems) {
      console.log(`${file}: ${p}`);
    }
  } else {
    console.log(`${file}: valid`);
  }
}
process.exit(failed ? 1 : 0);
