import { HONEYPOT_FIELD } from "~/lib/message-fields";

/**
 * A field people never see: off screen, hidden from assistive technology and
 * out of the tab order. Bots that fill every input fill this one too, and
 * the server then pretends success and stores nothing.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Lämna detta fält tomt
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
