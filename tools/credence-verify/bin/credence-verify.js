#!/usr/bin/env node
'use strict';
// npx credence-verify bundle.json [--key public.pem] [--certificate cert.pdf] [--json]
// Exit 0: PASS. Exit 1: the bundle fails (what is wrong is printed, first bad event first), or the certificate does
// not match it. Exit 2: bad usage.
const { readFileSync } = require('node:fs');
const { verifyBundle, keyFingerprint, readCertificateMetadata, verifyCertificate } = require('..');

async function main(argv) {
  const args = [...argv];
  let keyFile;
  let certificateFile;
  let json = false;
  const files = [];
  while (args.length) {
    const a = args.shift();
    if (a === '--key') keyFile = args.shift();
    else if (a.startsWith('--key=')) keyFile = a.slice(6);
    else if (a === '--certificate') certificateFile = args.shift();
    else if (a.startsWith('--certificate=')) certificateFile = a.slice(14);
    else if (a === '--json') json = true;
    else if (a === '-h' || a === '--help') return usage(0);
    else files.push(a);
  }
  if (files.length !== 1 || (keyFile !== undefined && !keyFile) || (certificateFile !== undefined && !certificateFile)) return usage(2);
  let bundle;
  let publicKeyPem;
  try {
    bundle = JSON.parse(readFileSync(files[0], 'utf8'));
  } catch (e) {
    process.stderr.write(`credence-verify: cannot read ${files[0]} as JSON: ${e.message}\n`);
    return 2;
  }
  if (keyFile) {
    try {
      publicKeyPem = readFileSync(keyFile, 'utf8');
      keyFingerprint(publicKeyPem);
    } catch (e) {
      process.stderr.write(`credence-verify: cannot read ${keyFile} as a PEM public key: ${e.message}\n`);
      return 2;
    }
  }
  let certificateMeta;
  if (certificateFile) {
    try {
      certificateMeta = await readCertificateMetadata(readFileSync(certificateFile));
    } catch (e) {
      process.stderr.write(`credence-verify: cannot read ${certificateFile} as a PDF: ${e.message}\n`);
      return 2;
    }
  }
  const result = verifyBundle(bundle, { publicKeyPem });
  const certificate = certificateMeta ? verifyCertificate(bundle, certificateMeta) : null;
  const ok = result.ok && (!certificate || certificate.ok);
  if (json) {
    process.stdout.write(`${JSON.stringify(certificate ? { ...result, ok, certificate } : result, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  const out = (s) => process.stdout.write(`${s}\n`);
  out(`stream ${result.stream}: ${result.events} events, ${result.checkpoints} signed checkpoint(s)`);
  if (result.ok) {
    out(`PASS: every hash link holds${result.checkpoints ? ` and every checkpoint verifies (signed up to revision ${result.coveredUpTo})` : ''}`);
  } else {
    out(`FAIL: ${result.problems.length} problem(s); first bad: ${describe(result.firstBad)}`);
    for (const p of result.problems) out(`  - [${p.link}] ${p.message}`);
  }
  for (const n of result.notes) out(`note: ${n}`);
  if (certificate) {
    const c = certificate.certificate;
    out(`certificate ${certificateFile}: code ${c.code ?? '(none)'}, ${c.stream ?? '(no stream)'} at revision ${c.revision ?? '(none)'}, position ${c.position ?? '(none)'}, stream hash ${c.streamHash ?? '(none)'}`);
    if (certificate.ok) {
      out(`PASS: the certificate's stream position and hash are revision ${c.revision}'s in this bundle${result.ok ? '' : ' (but the bundle itself fails, see above)'}`);
    } else {
      out(`FAIL: the certificate does not match this bundle: ${certificate.problems.length} problem(s)`);
      for (const p of certificate.problems) out(`  - [certificate] ${p}`);
    }
    for (const n of certificate.notes) out(`note: ${n}`);
  }
  return ok ? 0 : 1;
}

const describe = (p) => (p.revision === null ? p.message : `revision ${p.revision} (link ${p.link})`);

function usage(code) {
  (code ? process.stderr : process.stdout).write(
    'usage: credence-verify bundle.json [--key public.pem] [--certificate cert.pdf] [--json]\n' +
      '  Checks an audit bundle (GET /admin/verifications/{id}/export) offline: every event hash link, every signed\n' +
      '  checkpoint and its Merkle proof. Without --key the key inside the bundle is used: compare it with the\n' +
      '  published one (GET /v1/audit/public-key). --certificate checks that a certificate PDF of the same\n' +
      "  verification names a revision of this bundle with that event's position and hash.\n",
  );
  return code;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`credence-verify: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 2;
  },
);
