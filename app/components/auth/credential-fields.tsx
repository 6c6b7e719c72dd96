import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, type FieldErrors } from "~/domain/credentials";

type FieldProps = {
  errors: FieldErrors;
  onFieldChange: (name: keyof FieldErrors) => void;
};

export function EmailField({ errors, onFieldChange, label = "E-post", defaultValue }: FieldProps & { label?: string; defaultValue?: string }) {
  return (
    <Field label={label} error={errors.email}>
      {(ids) => (
        <Input
          {...ids}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          defaultValue={defaultValue}
          required
          onChange={() => onFieldChange("email")}
        />
      )}
    </Field>
  );
}

export function PasswordField({
  errors,
  onFieldChange,
  name,
  label,
  hint,
  autoComplete,
}: FieldProps & { name: "currentPassword" | "password" | "confirmPassword"; label: string; hint?: string; autoComplete: "current-password" | "new-password" }) {
  return (
    <Field label={label} hint={hint} error={errors[name]}>
      {(ids) => (
        <Input
          {...ids}
          name={name}
          type="password"
          autoComplete={autoComplete}
          maxLength={MAX_PASSWORD_LENGTH}
          required
          onChange={() => onFieldChange(name)}
        />
      )}
    </Field>
  );
}
