// Preloaded (node --require) into tools that must work offline, such as @redocly/cli in
// test/openapi.test.ts: any attempt to open a network connection or resolve a host name
// is reported on stderr and refused, so the test sees it.
'use strict';
const dns = require('node:dns');
const net = require('node:net');

function refuse(what) {
  process.stderr.write(`NETWORK ATTEMPT: ${what}\n`);
  throw new Error(`network access refused: ${what}`);
}

net.Socket.prototype.connect = function connect(options) {
  const target = typeof options === 'object' && options !== null ? `${options.host ?? options.path}:${options.port ?? ''}` : String(options);
  refuse(`connect ${target}`);
};
dns.lookup = (host) => refuse(`lookup ${host}`);
dns.promises.lookup = async (host) => refuse(`lookup ${host}`);
