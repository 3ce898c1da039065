// The mmq command (dist/cli.js).
console.error('mmq: not built yet');
process.exit(2);
