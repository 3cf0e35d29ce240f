// Delivery of a broadcast to the stores' phones goes through this adapter. The default only logs
// what it would send: no external service is called. A real adapter (FCM, OneSignal, ...) implements
// `send` and is installed with setPushAdapter at start-up.
import type { FastifyBaseLogger } from 'fastify';

export type PushMessage = {
  broadcastId: number;
  title: string;
  body: string;
  imageUrl: string;
  link: string;
  /** How many stores got the message in their inbox by this execution. */
  recipients: number;
};

export interface PushAdapter {
  readonly name: string;
  /** Hands one broadcast to the push service; answers how many notifications it accepted. */
  send(message: PushMessage, log: FastifyBaseLogger): Promise<{ accepted: number }>;
}

/** The default: writes one log line per broadcast and accepts every recipient. */
export class LoggingPushAdapter implements PushAdapter {
  readonly name = 'logging';
  readonly sent: PushMessage[] = [];

  async send(message: PushMessage, log: FastifyBaseLogger): Promise<{ accepted: number }> {
    this.sent.push(message);
    if (this.sent.length > 100) this.sent.shift();
    log.info(
      { broadcast_id: message.broadcastId, recipients: message.recipients, adapter: this.name },
      `push: broadcast ${message.broadcastId} "${message.title}" to ${message.recipients} stores (logged only)`,
    );
    return { accepted: message.recipients };
  }
}

let adapter: PushAdapter = new LoggingPushAdapter();

export function pushAdapter(): PushAdapter {
  return adapter;
}

/** Installs another adapter (a real push service, or a test double); answers the previous one. */
export function setPushAdapter(next: PushAdapter): PushAdapter {
  const previous = adapter;
  adapter = next;
  return previous;
}
