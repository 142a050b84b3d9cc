"""The Visa Bulletin parser on real saved pages of four years (2016, 2020, 2025, 2026), every cell of the four
preference charts checked against the values printed on the page (transcribed here from the bulletin, not
from the parser): layouts with "Application Final Action Dates" (2016) and "Final Action Dates" (2020+),
extra country columns that differ between the two employment charts (2020), the EB-5 set-aside rows (2025),
off-screen one-cell tables after the family chart (2020, 2025), and cells with trailing spaces or breaks."""
from datetime import date
from pathlib import Path

import pytest

from edgekit.visa_bulletin import BulletinError, cell_date, parse_bulletin

FIXTURES = Path(__file__).parent / "fixtures"
FAMILY_AREAS = ["ALL", "CHINA", "INDIA", "MEXICO", "PHILIPPINES"]

# month -> chart -> (areas, {category: [cells in area order]})
EXPECTED = {
    "2016-03": {
        ("final_action", "family"): (FAMILY_AREAS, {
            "F1": ["08AUG08", "08AUG08", "08AUG08", "08JAN95", "01APR04"],
            "F2A": ["22SEP14", "22SEP14", "22SEP14", "15JUN14", "22SEP14"],
            "F2B": ["22MAY09", "22MAY09", "22MAY09", "08SEP95", "01MAR05"],
            "F3": ["15OCT04", "15OCT04", "15OCT04", "15SEP94", "08DEC93"],
            "F4": ["01JUL03", "01JUL03", "01JUL03", "01APR97", "15AUG92"],
        }),
        ("dates_for_filing", "family"): (FAMILY_AREAS, {
            "F1": ["01OCT09", "01OCT09", "01OCT09", "01APR95", "01SEP05"],
            "F2A": ["15JUN15", "15JUN15", "15JUN15", "15JUN15", "15JUN15"],
            "F2B": ["15DEC10", "15DEC10", "15DEC10", "01APR96", "01MAY05"],
            "F3": ["01AUG05", "01AUG05", "01AUG05", "01MAY95", "01AUG95"],
            "F4": ["01MAY04", "01MAY04", "01MAY04", "01JUN98", "01JAN93"],
        }),
        ("final_action", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "C", "C", "C", "C"],
            "EB2": ["C", "01AUG12", "15OCT08", "C", "C"],
            "EB3": ["01JAN16", "01JUN13", "15JUL04", "01JAN16", "15MAR08"],
            "EB3-OW": ["01JAN16", "01FEB07", "15JUL04", "01JAN16", "15MAR08"],
            "EB4": ["C", "C", "C", "C", "C"],
            "EB4-RW": ["C", "C", "C", "C", "C"],
            "EB5": ["C", "22JAN14", "C", "C", "C"],
            "EB5-RC": ["C", "22JAN14", "C", "C", "C"],
        }),
        ("dates_for_filing", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "C", "C", "C", "C"],
            "EB2": ["C", "01JUN13", "01JUL09", "C", "C"],
            "EB3": ["C", "01MAY15", "01JUL05", "C", "01JAN10"],
            "EB3-OW": ["C", "01AUG07", "01JUL05", "C", "01JAN10"],
            "EB4": ["C", "C", "C", "C", "C"],
            "EB4-RW": ["C", "C", "C", "C", "C"],
            "EB5": ["C", "01MAY15", "C", "C", "C"],
            "EB5-RC": ["C", "01MAY15", "C", "C", "C"],
        }),
    },
    "2020-07": {
        ("final_action", "family"): (FAMILY_AREAS, {
            "F1": ["08JUL14", "08JUL14", "08JUL14", "08DEC97", "01JUN11"],
            "F2A": ["C", "C", "C", "C", "C"],
            "F2B": ["01MAY15", "01MAY15", "01MAY15", "08MAR99", "01JAN11"],
            "F3": ["08MAY08", "08MAY08", "08MAY08", "08JUL96", "15AUG01"],
            "F4": ["22AUG06", "22AUG06", "08FEB05", "01JUN98", "01JUN01"],
        }),
        ("dates_for_filing", "family"): (FAMILY_AREAS, {
            "F1": ["22APR15", "22APR15", "22APR15", "08JAN00", "08FEB12"],
            "F2A": ["01JUN20", "01JUN20", "01JUN20", "01JUN20", "01JUN20"],
            "F2B": ["01FEB16", "01FEB16", "01FEB16", "15OCT99", "01AUG11"],
            "F3": ["15APR09", "15APR09", "15APR09", "15JUL00", "22APR02"],
            "F4": ["15AUG07", "15AUG07", "22OCT05", "08MAR99", "08JAN02"],
        }),
        ("final_action", "employment"): (
            ["ALL", "CHINA", "EL_SALVADOR_GUATEMALA_HONDURAS", "INDIA", "MEXICO", "PHILIPPINES", "VIETNAM"], {
                "EB1": ["C", "22AUG17", "C", "08MAY17", "C", "C", "C"],
                "EB2": ["C", "08NOV15", "C", "08JUL09", "C", "C", "C"],
                "EB3": ["15APR18", "22JUN16", "15APR18", "01JUN09", "15APR18", "15APR18", "15APR18"],
                "EB3-OW": ["15APR18", "22JUL08", "15APR18", "01JUN09", "15APR18", "15APR18", "15APR18"],
                "EB4": ["C", "C", "01FEB17", "C", "15JUN18", "C", "C"],
                "EB4-RW": ["C", "C", "01FEB17", "C", "15JUN18", "C", "C"],
                "EB5": ["C", "22JUL15", "C", "C", "C", "C", "15MAY17"],
                "EB5-RC": ["C", "22JUL15", "C", "C", "C", "C", "15MAY17"],
            }),
        ("dates_for_filing", "employment"): (
            ["ALL", "CHINA", "EL_SALVADOR_GUATEMALA_HONDURAS", "INDIA", "MEXICO", "PHILIPPINES"], {
                "EB1": ["C", "01NOV17", "C", "01AUG17", "C", "C"],
                "EB2": ["C", "01AUG16", "C", "15AUG09", "C", "C"],
                "EB3": ["01APR19", "01MAR17", "01APR19", "01FEB10", "01APR19", "01APR19"],
                "EB3-OW": ["01APR19", "01AUG08", "01APR19", "01FEB10", "01APR19", "01APR19"],
                "EB4": ["C", "C", "01MAY17", "C", "C", "C"],
                "EB4-RW": ["C", "C", "01MAY17", "C", "C", "C"],
                "EB5": ["C", "15DEC15", "C", "C", "C", "C"],
                "EB5-RC": ["C", "15DEC15", "C", "C", "C", "C"],
            }),
    },
    "2025-10": {
        ("final_action", "family"): (FAMILY_AREAS, {
            "F1": ["08NOV16", "08NOV16", "08NOV16", "22NOV05", "22JAN13"],
            "F2A": ["01FEB24", "01FEB24", "01FEB24", "01FEB23", "01FEB24"],
            "F2B": ["22NOV16", "22NOV16", "22NOV16", "15DEC07", "01OCT12"],
            "F3": ["08SEP11", "08SEP11", "08SEP11", "15APR01", "22SEP04"],
            "F4": ["08JAN08", "08JAN08", "01NOV06", "08APR01", "22MAR06"],
        }),
        ("dates_for_filing", "family"): (FAMILY_AREAS, {
            "F1": ["01SEP17", "01SEP17", "01SEP17", "08OCT06", "22APR15"],
            "F2A": ["22SEP25", "22SEP25", "22SEP25", "22SEP25", "22SEP25"],
            "F2B": ["01JAN17", "01JAN17", "01JAN17", "15DEC08", "01OCT13"],
            "F3": ["22JUL12", "22JUL12", "22JUL12", "15JUN01", "01AUG05"],
            "F4": ["01MAR09", "01MAR09", "15DEC06", "30APR01", "01JAN08"],
        }),
        ("final_action", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "22DEC22", "15FEB22", "C", "C"],
            "EB2": ["01DEC23", "01APR21", "01APR13", "01DEC23", "01DEC23"],
            "EB3": ["01APR23", "01MAR21", "22AUG13", "01APR23", "01APR23"],
            "EB3-OW": ["15JUL21", "01DEC17", "22AUG13", "15JUL21", "15JUL21"],
            "EB4": ["01JUL20", "01JUL20", "01JUL20", "01JUL20", "01JUL20"],
            "EB4-RW": ["U", "U", "U", "U", "U"],
            "EB5": ["C", "08DEC15", "01FEB21", "C", "C"],
            "EB5-RURAL": ["C", "C", "C", "C", "C"],
            "EB5-HIGH-UNEMPLOYMENT": ["C", "C", "C", "C", "C"],
            "EB5-INFRASTRUCTURE": ["C", "C", "C", "C", "C"],
        }),
        ("dates_for_filing", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "15MAY23", "15APR23", "C", "C"],
            "EB2": ["15JUL24", "01DEC21", "01DEC13", "15JUL24", "15JUL24"],
            "EB3": ["01JUL23", "01JAN22", "15AUG14", "01JUL23", "01JUL23"],
            "EB3-OW": ["01DEC21", "01OCT18", "15AUG14", "01DEC21", "01DEC21"],
            "EB4": ["15FEB21", "15FEB21", "15FEB21", "15FEB21", "15FEB21"],
            "EB4-RW": ["U", "U", "U", "U", "U"],
            "EB5": ["C", "01JUL16", "01APR22", "C", "C"],
            "EB5-RURAL": ["C", "C", "C", "C", "C"],
            "EB5-HIGH-UNEMPLOYMENT": ["C", "C", "C", "C", "C"],
            "EB5-INFRASTRUCTURE": ["C", "C", "C", "C", "C"],
        }),
    },
    "2026-01": {
        ("final_action", "family"): (FAMILY_AREAS, {
            "F1": ["08NOV16", "08NOV16", "08NOV16", "01SEP06", "01MAR13"],
            "F2A": ["01FEB24", "01FEB24", "01FEB24", "01FEB23", "01FEB24"],
            "F2B": ["01DEC16", "01DEC16", "01DEC16", "15NOV08", "22DEC12"],
            "F3": ["08SEP11", "08SEP11", "08SEP11", "01MAY01", "01MAR05"],
            "F4": ["08JAN08", "08JAN08", "01NOV06", "08APR01", "22JUL06"],
        }),
        ("dates_for_filing", "family"): (FAMILY_AREAS, {
            "F1": ["01SEP17", "01SEP17", "01SEP17", "01SEP07", "22APR15"],
            "F2A": ["22DEC25", "22DEC25", "22DEC25", "22DEC25", "22DEC25"],
            "F2B": ["15MAR17", "15MAR17", "15MAR17", "15NOV09", "01OCT13"],
            "F3": ["22JUL12", "22JUL12", "22JUL12", "01JUL01", "01FEB06"],
            "F4": ["01MAR09", "01MAR09", "15DEC06", "30APR01", "15JAN08"],
        }),
        ("final_action", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "01FEB23", "01FEB23", "C", "C"],
            "EB2": ["01APR24", "01SEP21", "15JUL13", "01APR24", "01APR24"],
            "EB3": ["22APR23", "01MAY21", "15NOV13", "22APR23", "22APR23"],
            "EB3-OW": ["01SEP21", "08DEC18", "15NOV13", "01SEP21", "01SEP21"],
            "EB4": ["01JAN21", "01JAN21", "01JAN21", "01JAN21", "01JAN21"],
            "EB4-RW": ["01JAN21", "01JAN21", "01JAN21", "01JAN21", "01JAN21"],
            "EB5": ["C", "15AUG16", "01MAY22", "C", "C"],
            "EB5-RURAL": ["C", "C", "C", "C", "C"],
            "EB5-HIGH-UNEMPLOYMENT": ["C", "C", "C", "C", "C"],
            "EB5-INFRASTRUCTURE": ["C", "C", "C", "C", "C"],
        }),
        ("dates_for_filing", "employment"): (FAMILY_AREAS, {
            "EB1": ["C", "01AUG23", "01AUG23", "C", "C"],
            "EB2": ["15OCT24", "01JAN22", "01DEC13", "15OCT24", "15OCT24"],
            "EB3": ["01JUL23", "01JAN22", "15AUG14", "01JUL23", "01JUL23"],
            "EB3-OW": ["01DEC21", "01OCT19", "15AUG14", "01DEC21", "01DEC21"],
            "EB4": ["15MAR21", "15MAR21", "15MAR21", "15MAR21", "15MAR21"],
            "EB4-RW": ["15MAR21", "15MAR21", "15MAR21", "15MAR21", "15MAR21"],
            "EB5": ["C", "22AUG16", "01MAY24", "C", "C"],
            "EB5-RURAL": ["C", "C", "C", "C", "C"],
            "EB5-HIGH-UNEMPLOYMENT": ["C", "C", "C", "C", "C"],
            "EB5-INFRASTRUCTURE": ["C", "C", "C", "C", "C"],
        }),
    },
}


def _expected_cells(month: str) -> dict[tuple[str, str, str], str]:
    cells = {}
    for (chart, _kind), (areas, rows) in EXPECTED[month].items():
        for category, values in rows.items():
            assert len(values) == len(areas)
            for area, value in zip(areas, values, strict=True):
                cells[(chart, category, area)] = value
    return cells


@pytest.mark.parametrize("month", sorted(EXPECTED))
def test_every_cell_of_a_real_bulletin_page(month):
    bulletin = parse_bulletin((FIXTURES / f"visa-bulletin-{month}.html").read_text(encoding="utf-8"))
    year, number = map(int, month.split("-"))
    assert bulletin.month == date(year, number, 1)
    parsed = {(c.chart, c.category, c.chargeability): c.cutoff for c in bulletin.cutoffs}
    assert len(parsed) == len(bulletin.cutoffs), "a cell was read twice"
    assert parsed == _expected_cells(month)


def test_brazil_reads_all_chargeability_areas():
    bulletin = parse_bulletin((FIXTURES / "visa-bulletin-2025-10.html").read_text(encoding="utf-8"))
    assert bulletin.value("final_action", "F2A") == "01FEB24"
    assert bulletin.value("dates_for_filing", "EB2", "ALL") == "15JUL24"
    assert bulletin.value("final_action", "EB4-RW") == "U"


def test_cell_dates():
    assert cell_date("01FEB16") == date(2016, 2, 1)
    assert cell_date("15AUG92") == date(1992, 8, 15)
    assert cell_date("30APR01") == date(2001, 4, 30)
    assert cell_date("C") is None and cell_date("U") is None and cell_date("01XYZ16") is None


def test_a_page_that_is_not_a_bulletin_is_refused():
    with pytest.raises(BulletinError, match="Boletim de Vistos"):
        parse_bulletin("<html><title>Página qualquer</title><table><tr><td>F1</td></tr></table></html>")


def test_a_bulletin_missing_charts_is_refused():
    page = (FIXTURES / "visa-bulletin-2016-03.html").read_text(encoding="utf-8")
    cut = page.index("DATES FOR FILING OF EMPLOYMENT")
    with pytest.raises(BulletinError, match="incompleto"):
        parse_bulletin(page[:cut] + "</body></html>")


def test_a_crafted_cell_is_refused():
    page = (FIXTURES / "visa-bulletin-2016-03.html").read_text(encoding="utf-8")
    with pytest.raises(BulletinError, match="Célula"):
        parse_bulletin(page.replace("<td>08JAN95</td>", "<td>'; drop table x; --</td>", 1))
