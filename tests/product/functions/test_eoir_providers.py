"""EOIR providers: demo (stable, marked), the office HTTP data service (fake), and staff entry."""
from datetime import UTC, datetime

import httpx
import pytest
from function_fakes import EoirBehaviour, ServedApp, eoir_app

from edgekit.env import FunctionEnv
from edgekit.eoir.assisted import manual_result
from edgekit.eoir.demo import DemoCourtProvider
from edgekit.eoir.factory import court_provider
from edgekit.eoir.http_service import HttpCourtProvider
from edgekit.eoir.provider import CourtProviderError, parse_hearing
from edgekit.eoir.store import differs
from edgekit.responses import FunctionError

CASE = {"status": "Audiência individual agendada", "details": "Mérito", "hearingDate": "2026-03-10",
        "hearingTime": "09:30", "courtLocation": "Boston Immigration Court", "judgeName": "Hon. Test Judge"}


@pytest.fixture
def eoir():
    behaviour = EoirBehaviour(cases={"A234567890": CASE})
    served = ServedApp(eoir_app(behaviour))
    served.behaviour = behaviour
    yield served
    served.stop()


async def test_http_service_answer_is_read(eoir):
    async with httpx.AsyncClient() as http:
        result = await HttpCourtProvider(eoir.url, "eoir-token", http=http).court_case("A234567890")
    assert result.status == CASE["status"] and result.source == "http"
    # EOIR times are the court's wall clock: no zone until the court's is known
    assert result.hearing_at == datetime(2026, 3, 10, 9, 30)
    assert result.hearing_instant("America/New_York") == datetime(2026, 3, 10, 13, 30, tzinfo=UTC)
    assert (result.court_location, result.judge_name) == ("Boston Immigration Court", "Hon. Test Judge")


async def test_http_service_unknown_case_wrong_token_and_time_out(eoir):
    with pytest.raises(CourtProviderError, match="Nenhum caso encontrado") as failure:
        await HttpCourtProvider(eoir.url, "eoir-token").court_case("A111111111")
    assert failure.value.status == 404
    with pytest.raises(CourtProviderError, match="HTTP 401"):
        await HttpCourtProvider(eoir.url, "wrong").court_case("A234567890")
    eoir.behaviour.slow_seconds = 1.0
    with pytest.raises(CourtProviderError, match="Tempo esgotado") as failure:
        await HttpCourtProvider(eoir.url, "eoir-token", timeout=0.2).court_case("A234567890")
    assert failure.value.status == 504


async def test_demo_is_stable_and_marked():
    provider = DemoCourtProvider()
    first, again = await provider.court_case("A234567890"), await provider.court_case("A234567890")
    assert first == again and first.details.startswith("Demonstração:") and first.hearing_at is not None


def test_provider_choice_from_configuration():
    assert court_provider(FunctionEnv({})).name == "demo"
    assert court_provider(FunctionEnv({"EOIR_PROVIDER": "http", "EOIR_API_BASE_URL": "http://x"})).name == "http"
    with pytest.raises(CourtProviderError, match="EOIR_API_BASE_URL"):
        court_provider(FunctionEnv({"EOIR_PROVIDER": "http"}))
    with pytest.raises(CourtProviderError, match="manualResult") as failure:
        court_provider(FunctionEnv({"EOIR_PROVIDER": "assisted"}))
    assert failure.value.status == 400


def test_manual_result_is_stored_as_entered_and_validated():
    result = manual_result({"status": " Audiência adiada ", "hearingDate": "2026-05-02", "hearingTime": "13:00",
                            "courtLocation": "Newark", "judgeName": "Hon. X", "details": "Lido no portal ACIS"})
    assert (result.status, result.source, result.details) == ("Audiência adiada", "manual", "Lido no portal ACIS")
    assert result.hearing_at == datetime(2026, 5, 2, 13, 0)
    assert result.hearing_instant("America/Chicago") == datetime(2026, 5, 2, 18, 0, tzinfo=UTC)
    for bad in ({"hearingDate": "2026-05-02"}, {"status": "x", "hearingDate": "02/05/2026"},
                {"status": "x", "hearingDate": "2026-05-02", "hearingTime": "1pm"}, "texto"):
        with pytest.raises(FunctionError) as failure:
            manual_result(bad)
        assert failure.value.status == 400


def test_change_detection_compares_moments_not_strings():
    result = manual_result({"status": "S", "hearingDate": "2026-05-02", "hearingTime": "13:00",
                            "courtLocation": "L", "judgeName": "J"})
    row = {"last_status": "S", "last_hearing_date": "2026-05-02T16:00:00+00:00", "court_location": "L",
           "judge_name": "J"}
    hearing = result.hearing_instant("America/Sao_Paulo")
    assert differs(row, result, hearing) is False
    assert differs({**row, "judge_name": "K"}, result, hearing) is True
    assert differs(None, result, hearing) is True
    assert parse_hearing("2026-05-02T13:00:00Z") == datetime(2026, 5, 2, 13, tzinfo=UTC)


def test_hearing_times_are_the_courts_wall_clock_in_the_shapes_eoir_writes():
    at_nine = datetime(2026, 3, 10, 9, 0)
    assert parse_hearing("2026-03-10", "09:00") == at_nine
    assert parse_hearing("2026-03-10", "9:00 AM") == at_nine
    assert parse_hearing("2026-03-10", "0900") == at_nine
    assert parse_hearing("2026-03-10", "09:00:00") == at_nine
    assert parse_hearing("2026-03-10", "1:30 p.m.") == datetime(2026, 3, 10, 13, 30)
    assert parse_hearing("2026-03-10", "12:15 AM") == datetime(2026, 3, 10, 0, 15)
    # ACIS writes the day as a midnight datetime and the time apart
    assert parse_hearing("2026-03-10T00:00:00", "09:00") == at_nine
    assert parse_hearing("2026-03-10T09:00:00") == at_nine
    # an explicit offset is an exact instant
    assert parse_hearing("2026-03-10T09:00:00-05:00") == datetime(2026, 3, 10, 14, tzinfo=UTC)
    for bad in ("25:00", "13:00 PM", "9", "nove horas"):
        with pytest.raises(ValueError):
            parse_hearing("2026-03-10", bad)
    # daylight saving: 09:00 in Houston (Central) is 15:00 UTC in winter and 14:00 UTC in summer
    houston = "America/Chicago"
    winter = manual_result({"status": "S", "hearingDate": "2026-01-15", "hearingTime": "09:00"})
    summer = manual_result({"status": "S", "hearingDate": "2026-07-15", "hearingTime": "09:00"})
    assert winter.hearing_instant(houston) == datetime(2026, 1, 15, 15, tzinfo=UTC)
    assert summer.hearing_instant(houston) == datetime(2026, 7, 15, 14, tzinfo=UTC)
