// One line per answered request, for whoever runs the sandbox (`mmq sandbox` writes them to
// stderr): the request line with the token masked, the status and the time taken. Result
// streams are logged when they end.
import type { FastifyInstance } from 'fastify';
import { maskedRequestLine } from './envelope';

export function logRequests(app: FastifyInstance, log: (line: string) => void): void {
  app.addHook('onResponse', (request, reply, done) => {
    log(`${maskedRequestLine(request)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
    done();
  });
}
