// Delivery of store sign-in codes. An adapter sends one code to one phone number; `log` (the
// default) writes it as one server log line and sends nothing, for development and demos. A real SMS
// or WhatsApp gateway implements the same interface and is chosen by OTP_ADAPTER.
import type { FastifyBaseLogger } from 'fastify';

export interface OtpAdapter {
  send(phoneNumber: string, code: string): Promise<void>;
}

/** Writes `otp: <phone> <code>` at info level: the only place the code ever appears. */
export class LogOtpAdapter implements OtpAdapter {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}
  async send(phoneNumber: string, code: string): Promise<void> {
    this.log.info(`otp: ${phoneNumber} ${code}`);
  }
}

export const OTP_ADAPTERS = ['log'] as const;
export type OtpAdapterName = (typeof OTP_ADAPTERS)[number];

export function createOtpAdapter(name: OtpAdapterName, log: Pick<FastifyBaseLogger, 'info'>): OtpAdapter {
  switch (name) {
    case 'log':
      return new LogOtpAdapter(log);
  }
}
