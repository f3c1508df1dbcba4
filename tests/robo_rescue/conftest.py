from tests.robo_rescue.helpers import dice  # noqa: F401 - fixture
