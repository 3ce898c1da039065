// Language server entry point (dist/server.js).
console.error('mmq language server: not built yet');
process.exit(1);
