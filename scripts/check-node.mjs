// Every npm script must run on Node 24 (the pinned `node` devDependency); Node 20 is end-of-life.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Lionrock needs Node.js 24, but npm scripts are running on ${process.version}.\n` +
      'Run `npm install` first: it installs the pinned `node@24` package whose binary npm scripts use.',
  );
  process.exit(1);
}
if (process.argv.includes('--print')) console.info(`node ${process.version}`);
