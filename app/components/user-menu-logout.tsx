import { LogOut } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

export const LOGOUT_ACTION = "/account/logout";

/** True while a sign-out request is on its way ("Logga ut" is disabled meanwhile: docs/product.md, "Layout and loading"). */
export function useSigningOut() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction === LOGOUT_ACTION;
}

/** A plain sign-out form (the account page); works before JavaScript loads. */
export function LogoutButton({ className }: { className?: string }) {
  const signingOut = useSigningOut();
  return (
    <Form method="post" action={LOGOUT_ACTION} className={className}>
      <Button type="submit" variant="outline" disabled={signingOut}>
        <LogOut aria-hidden="true" />
        {signingOut ? "Loggar ut..." : "Logga ut"}
      </Button>
    </Form>
  );
}
