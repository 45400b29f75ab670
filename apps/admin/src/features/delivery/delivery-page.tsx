import { LoadFailed } from '@shop/ui/load-failed';
import { PageHeader } from '../../components/page-header';
import { Loading } from '../../components/loading';
import { useDeliverySettingsQuery } from './delivery-api';
import { DeliverySettingsForm } from './delivery-settings-form';
import { PincodeOverrides } from './pincode-overrides';
import './delivery.css';

/** The Delivery screen (issue 29): what delivery costs and when it arrives, local PINs, cash on delivery, PIN corrections. */
export function DeliveryPage() {
  const { data, isLoading, isError, error, refetch, isFetching } = useDeliverySettingsQuery();
  return (
    <>
      <PageHeader title="Delivery" subtitle="Fees by zone, arrival dates, local-only PINs and cash on delivery. Amounts in INR." />
      <div className="panel">
        {isLoading ? (
          <Loading />
        ) : data ? (
          <DeliverySettingsForm settings={data} />
        ) : isError ? (
          <LoadFailed what="the delivery settings" message={(error as { message?: string } | undefined)?.message} onRetry={refetch} retrying={isFetching} />
        ) : null}
      </div>
      <PincodeOverrides />
    </>
  );
}
