from setuptools import find_packages, setup

REQUIRED_PACKAGES = [
    "xgboost>=1.0",  # runtime 2.1 pins 0.90
    'tensorflow==2.1.0',
]

setup(
    name="trainer",
    version="0.1",
    install_requires=REQUIRED_PACKAGES,
    packages=find_packages(),
)
