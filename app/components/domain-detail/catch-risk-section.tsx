import { Link } from "react-router";
import { AT_ONCE_MINUTES, catchRiskText, type NameCatchRisk } from "~/domain/catch-risk";
import { DetailSection } from "./detail-section";

/**
 * A soon-available name's risk of being taken at once (decision 0078): the
 * risk in words and a number, what it stands on, and where the forecast is judged.
 */
export function CatchRiskSection({ catchRisk }: { catchRisk: NameCatchRisk | null }) {
  if (catchRisk === null) return null;
  const text = catchRiskText(catchRisk);
  return (
    <DetailSection id="catch-risk" title="Risk att tas direkt">
      <p className="text-lg font-semibold text-slate-900">{text.headline}</p>
      <p className="text-slate-800">{text.basis}</p>
      <p className="text-sm text-slate-600">
        Att tas direkt: registreras igen innan vi hann se namnet ledigt, eller inom {AT_ONCE_MINUTES} minuter efter att vi såg det ledigt
        första gången. Räknat på liknande namn (toppdomän, längd, tecken, betyg, svenska ord, om syskon eller tvilling var registrerat och
        hur namnet var delegerat innan det försvann ur zonen) som har släppts.{" "}
        <Link to="/statistik#prognosen" className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
          Hur bra är prognosen?
        </Link>
      </p>
    </DetailSection>
  );
}
