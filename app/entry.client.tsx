import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadUserMenuBeforeHydration } from "./components/account-area";

// React Router's default client entry, except that a signed-in page first
// loads its user menu's code, so the menu hydrates with the page (account-area.tsx).
// If that code cannot load, the page still hydrates: its menu then loads on demand.
void loadUserMenuBeforeHydration()
  .catch((error: unknown) => console.warn("[user menu] could not load before hydration", error))
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
