import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  /** Every mail accepted, in order: its envelope recipients and the raw message. */
  received: { to: string[]; raw: string }[];
  /** While true, every mail is answered "451 try again later" and not kept. */
  refuse: boolean;
  /** smtp://127.0.0.1:PORT, once started. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, and can be told to refuse. */
export function smtpSink(): SmtpSink {
  const sink: SmtpSink = {
    received: [],
    refuse: false,
    url: "",
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        if (sink.refuse) return callback(new Error("451 try again later"));
        sink.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return sink;
}
