import type { FieldErrors } from "~/domain/credentials";
import { PasswordField } from "./credential-fields";

type Props = { errors: FieldErrors; onFieldChange: (name: keyof FieldErrors) => void; label?: string };

/** A new password and its repetition (sign-up, reset, change): at least 8 characters, not a common one. */
export function NewPasswordFields({ label = "Nytt lösenord", ...validation }: Props) {
  return (
    <>
      <PasswordField {...validation} name="password" label={label} hint="Minst 8 tecken, och inte ett av de vanligaste lösenorden eller ett vanligt svenskt ord eller namn." autoComplete="new-password" />
      <PasswordField {...validation} name="confirmPassword" label={`Bekräfta ${label.toLowerCase()}`} autoComplete="new-password" />
    </>
  );
}
