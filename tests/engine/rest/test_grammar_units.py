"""The grammar modules on their own: docstring examples, and parse_request's stages in PostgREST's order."""
from __future__ import annotations

import doctest

import pytest

from supastack.rest import filters, order, request
from supastack.rest.errors import RestError


@pytest.mark.parametrize("module", [filters, order])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and result.failed == 0


def test_range_header_and_limits_make_one_page():
    assert order.page("GET", (None, None), "items=5-9") == (5, 5)
    assert order.page("GET", (3, 2), "0-99") == (2, 3)         # offset= wins over the Range start, limit caps
    assert order.page("PATCH", (None, None), "5-9") == (0, None)   # other methods ignore Range
    with pytest.raises(RestError) as err:
        order.page("GET", (None, None), "9-5")
    assert err.value.status == 416


def test_an_unexposed_profile_is_refused_before_the_path_is_read():
    with pytest.raises(RestError) as err:
        request.parse_request("GET", "a/b/c", "", {"accept-profile": "secret"}, b"")
    assert err.value.status == 406
    with pytest.raises(RestError) as err:
        request.parse_request("GET", "a/b/c", "", {}, b"")
    assert err.value.status == 404


def test_a_request_read_whole():
    req = request.parse_request("GET", "notes", "select=id,author(name)&id=gt.3&or=(a.eq.1,b.is.null)&order=id.desc"
                                "&limit=10", {"prefer": "count=exact", "range": "0-4"}, b"")
    assert (req.action, req.resource, req.range_offset, req.range_limit) == ("read", "notes", 0, 5)
    assert req.preferences.count == "exact" and len(req.filters[()]) == 2 and req.order[()][0].descending
    call = request.parse_request("GET", "rpc/f", "x=1&x=2", {}, b"")
    assert (call.action, call.rpc_args, call.rpc_pairs) == ("call", {"x": "2"}, (("x", "1"), ("x", "2")))
