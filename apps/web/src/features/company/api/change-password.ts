import type { ChangePasswordInput } from "@stempla/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) => api("/dashboard/changePassword", { body: input }),
  });
