import { Outlet, ScrollRestoration } from "react-router";
import { LoadingBar } from "../../shared/ui/loading-bar.tsx";

export function RootLayout() {
  return (
    <>
      <LoadingBar />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
