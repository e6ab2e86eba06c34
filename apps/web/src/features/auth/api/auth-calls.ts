import type { LoginInput, Profile, RestoreEmailInput } from "@stempla/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shared/api/client.ts";
import { signedIn } from "../../../shared/auth/auth-store.ts";

type AuthAnswer = { data: { token: string; user: Profile } };

/** Login, email confirmation and password reset all end signed in with the returned profile. */
const signIn = (answer: AuthAnswer) => {
  signedIn(answer.data.user);
  return answer.data.user;
};

export const useLogin = () =>
  useMutation({
    mutationFn: (input: LoginInput) => api<AuthAnswer>("/dashboard/login", { body: input }).then(signIn),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (token: string) =>
      api<AuthAnswer>("/dashboard/verifyEmail", { body: { token } }).then(signIn),
  });

export const useRequestReset = () =>
  useMutation({ mutationFn: (email: string) => api("/dashboard/restore", { body: { email } }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: RestoreEmailInput) =>
      api<AuthAnswer>("/dashboard/restoreEmail", { body: input }).then(signIn),
  });
