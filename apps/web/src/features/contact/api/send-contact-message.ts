import type { ContactMessageInput, ContactMessageSent } from "@stempla/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) =>
      api<{ data: ContactMessageSent }>("/contact", { body: input }).then((r) => r.data),
  });
}
