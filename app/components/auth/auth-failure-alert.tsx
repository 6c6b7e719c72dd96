import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";

/** "Inloggning misslyckades" / "Registrering misslyckades" with the reason, on the page. */
export function AuthFailureAlert({ title, message }: { title: string; message: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
